import type * as React from "react";
import { Slot as SlotPrimitive } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap rounded-md font-medium transition-[color,background-color,border-color,box-shadow] outline-none disabled:pointer-events-none disabled:opacity-50 focus-visible:border-ring focus-visible:ring-[3px] aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:ring-ring/50",
        secondary: "bg-secondary text-secondary-foreground shadow-xs hover:bg-secondary/80 focus-visible:ring-ring/50",
        outline:
          "border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50 focus-visible:ring-ring/50",
        /** Outline in the destructive colour: a control that says a risky state is on (Production). */
        "outline-destructive":
          "border border-destructive/60 bg-background text-destructive shadow-xs hover:bg-accent hover:text-destructive dark:border-destructive/60 dark:bg-input/30 dark:hover:bg-input/50 focus-visible:ring-ring/50",
        ghost: "hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/60 focus-visible:ring-ring/50",
        destructive: "bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/30",
        link: "text-primary underline-offset-4 hover:underline focus-visible:ring-ring/50",
      },
      // Each size holds its own height, padding, gap and text size (none in the base), so a
      // button that needs others gets a size here rather than overriding classes in className.
      size: {
        default: "h-9 gap-2 px-4 py-2 text-sm has-[>svg]:px-3",
        sm: "h-8 gap-1.5 px-3 text-sm has-[>svg]:px-2.5",
        /** The search trigger: sm with the default's room between icon and label. */
        "sm-roomy": "h-8 gap-2 px-3 text-sm has-[>svg]:px-2.5",
        /** The user menu's trigger: an initials badge and a name, close to the edge. */
        avatar: "h-8 gap-2 px-1.5 text-sm has-[>svg]:px-2.5",
        xs: "h-7 gap-1.5 px-2 text-xs has-[>svg]:px-2.5",
        /** A link-like button inside a sentence: no height or padding of its own. */
        inline: "h-auto gap-1.5 p-0 text-sm has-[>svg]:px-2.5",
        lg: "h-10 gap-2 px-6 text-sm has-[>svg]:px-4",
        icon: "size-9 gap-2 text-sm",
        "icon-sm": "size-8 gap-2 text-sm",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, say) with button styling instead of a <button>. */
    asChild?: boolean;
  };

function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? SlotPrimitive.Slot : "button";
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? "default"}
      // A bare <button> inside a form submits it; make "button" the default so only explicit
      // submit buttons do.
      type={asChild ? type : (type ?? "button")}
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}

export { Button, buttonVariants, type ButtonProps };
