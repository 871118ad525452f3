"use client";

import type * as React from "react";
import { Label as LabelPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

// The weight is a variant (a checkbox's option reads normal): a font-* in className would stand beside it.
const labelVariants = cva(
  "flex items-center gap-2 text-sm leading-none select-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
  {
    variants: { weight: { medium: "font-medium", normal: "font-normal" } },
    defaultVariants: { weight: "medium" },
  },
);

function Label({ className, weight, ...props }: React.ComponentProps<typeof LabelPrimitive.Root> & VariantProps<typeof labelVariants>) {
  return <LabelPrimitive.Root data-slot="label" className={cn(labelVariants({ weight }), className)} {...props} />;
}

export { Label, labelVariants };
