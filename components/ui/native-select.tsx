"use client";

import type * as React from "react";
import { ChevronDownIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { useFieldControl } from "@/components/ui/field-context";

/**
 * The browser's own <select>, styled like SelectTrigger. For short option lists on pages where
 * hydration cost counts: it renders its options once, where the Radix Select also renders every
 * item while closed, and the platform gives keyboard, screen-reader and touch behaviour for free.
 */
function NativeSelect({
  className,
  size = "default",
  width = "w-fit",
  ...props
}: Omit<React.ComponentProps<"select">, "size"> & {
  size?: "sm" | "default";
  /** The width class; not in className, where it would stand beside the default w-fit (cn() merges nothing). */
  width?: `w-${string}`;
}) {
  const field = useFieldControl(props);
  return (
    <div data-slot="native-select-wrapper" className={cn("relative has-[select:disabled]:opacity-50", width, className)}>
      <select
        data-slot="native-select"
        data-size={size}
        className="h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-2 pr-9 pl-3 text-sm shadow-xs transition-[color,box-shadow] outline-none disabled:pointer-events-none disabled:cursor-not-allowed data-[size=sm]:h-8 data-[size=sm]:py-1 dark:bg-input/30 dark:hover:bg-input/50 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40"
        {...props}
        {...field}
      />
      <ChevronDownIcon
        aria-hidden="true"
        data-slot="native-select-icon"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground opacity-50"
      />
    </div>
  );
}

function NativeSelectOption(props: React.ComponentProps<"option">) {
  return <option data-slot="native-select-option" className="bg-popover text-popover-foreground" {...props} />;
}

export { NativeSelect, NativeSelectOption };
