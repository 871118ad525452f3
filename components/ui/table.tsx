import type * as React from "react";
import { cva, type VariantProps } from "class-variance-authority";

import { cn } from "@/lib/utils";

/**
 * The wrapper scrolls sideways on narrow screens so wide ledgers never break the layout; it takes
 * keyboard focus so a keyboard user can scroll it too (WCAG 2.1.1).
 */
function Table({ className, ...props }: React.ComponentProps<"table">) {
  return (
    <div
      data-slot="table-container"
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-[inherit] outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table data-slot="table" className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody data-slot="table-body" className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return <tfoot data-slot="table-footer" className={cn("border-t bg-muted/50 font-medium [&>tr]:last:border-b-0", className)} {...props} />;
}

function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return <tr data-slot="table-row" className={cn("border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted", className)} {...props} />;
}

// Alignment and weight are variants, not className overrides: cn() keeps both of two conflicting classes.
const tableHeadVariants = cva(
  "h-9 px-2 align-middle whitespace-nowrap text-muted-foreground [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]",
  {
    variants: {
      align: { left: "text-left", right: "text-right" },
      weight: { medium: "font-medium", normal: "font-normal" },
    },
    defaultVariants: { align: "left", weight: "medium" },
  },
);

/** `align` sets the text-align class (the th's obsolete align attribute is not passed on). */
function TableHead({ className, align, weight, ...props }: Omit<React.ComponentProps<"th">, "align"> & VariantProps<typeof tableHeadVariants>) {
  return <th data-slot="table-head" className={cn(tableHeadVariants({ align, weight }), className)} {...props} />;
}

// Padding and wrapping are variants for the same reason as TableHead's.
const tableCellVariants = cva("align-middle [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]", {
  variants: {
    padding: { default: "px-2 py-2", tight: "p-1" },
    /** Long text (a reference, an address) wraps instead of widening the table. */
    wrap: { false: "whitespace-nowrap", true: "whitespace-normal" },
  },
  defaultVariants: { padding: "default", wrap: false },
});

function TableCell({ className, padding, wrap, ...props }: React.ComponentProps<"td"> & VariantProps<typeof tableCellVariants>) {
  return <td data-slot="table-cell" className={cn(tableCellVariants({ padding, wrap }), className)} {...props} />;
}

function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

export { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow, tableCellVariants, tableHeadVariants };
