import type * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card" className={cn("flex flex-col gap-4 rounded-xl border bg-card py-4 text-card-foreground shadow-xs", className)} {...props} />;
}

// The layout is a variant: a display or gap class in className would stand beside the grid's (cn() merges nothing).
const cardHeaderVariants = cva(
  "@container/card-header auto-rows-min grid-rows-[auto_auto] items-start px-4 has-data-[slot=card-action]:grid-cols-[1fr_auto] [.border-b]:pb-4",
  {
    variants: {
      layout: {
        grid: "grid gap-1.5",
        /** Title and controls on one line, wrapping on narrow screens. */
        row: "flex flex-row flex-wrap justify-between gap-3",
      },
    },
    defaultVariants: { layout: "grid" },
  },
);

function CardHeader({ className, layout, ...props }: React.ComponentProps<"div"> & VariantProps<typeof cardHeaderVariants>) {
  return <div data-slot="card-header" className={cn(cardHeaderVariants({ layout }), className)} {...props} />;
}

/** A div, not a heading: put an <h2> inside when the card title belongs in the page outline. */
function CardTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-title" className={cn("leading-none font-semibold", className)} {...props} />;
}

function CardDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

function CardAction({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-action" className={cn("col-start-2 row-span-2 row-start-1 self-start justify-self-end", className)} {...props} />;
}

function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-4", className)} {...props} />;
}

function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-footer" className={cn("flex items-center px-4 [.border-t]:pt-4", className)} {...props} />;
}

export { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, cardHeaderVariants };
