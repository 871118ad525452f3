"use client";

import * as React from "react";

import type { OptionSelectProps } from "@/components/ui/option-select";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** OptionSelect once Radix is in: open at once when a press woke it, focused when its stand-in had focus. */
function RadixOptionSelect({
  options,
  value,
  onValueChange,
  onBlur,
  placeholder,
  defaultOpen,
  focusOnMount,
  disabled,
  ...trigger
}: OptionSelectProps & { defaultOpen: boolean; focusOnMount: boolean }) {
  const ref = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => {
    // An open list holds the focus itself and gives it back to the trigger when it closes.
    if (focusOnMount && !defaultOpen) ref.current?.focus();
  }, [focusOnMount, defaultOpen]);
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen} disabled={disabled}>
      <SelectTrigger ref={ref} onBlur={onBlur} {...trigger}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export { RadixOptionSelect };
