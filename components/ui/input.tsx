"use client";

import type * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";
import { useFieldControl } from "@/components/ui/field-context";

// Width and text size are not in the base: a caller sets them through `width` and `text`, never
// in className, because cn() does not drop a conflicting class (see lib/utils.ts).
const inputClasses =
  "h-9 min-w-0 rounded-md border border-input bg-transparent px-3 py-1 shadow-xs transition-[color,box-shadow] outline-none selection:bg-primary selection:text-primary-foreground file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40";

const inputVariants = cva(inputClasses, {
  variants: {
    text: { base: "text-base", xs: "text-xs" },
  },
  defaultVariants: { text: "base" },
});

type InputProps = Omit<React.ComponentProps<"input">, "width"> &
  VariantProps<typeof inputVariants> & {
    /** The width class (a toolbar's fixed width); the field's whole width by default. */
    width?: `w-${string}`;
  };

function Input({ className, type, text, width = "w-full", ...props }: InputProps) {
  const field = useFieldControl(props);
  return <input type={type} data-slot="input" className={cn(inputVariants({ text }), width, className)} {...props} {...field} />;
}

export { Input, inputVariants };
