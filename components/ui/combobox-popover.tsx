"use client";

import * as React from "react";
import { CheckIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { ComboboxTrigger, type ComboboxProps } from "@/components/ui/combobox";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { useFieldControl } from "@/components/ui/field-context";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** Combobox once its code is in: it mounts open, as its button was just pressed. */
function ComboboxPopover({
  id,
  value,
  onValueChange,
  onBlur,
  options,
  placeholder,
  searchLabel,
  emptyText = "Nothing matches.",
  disabled,
  className,
}: ComboboxProps) {
  const [open, setOpen] = React.useState(true);
  const field = useFieldControl({ id });
  const listId = `${field.id ?? id ?? "combobox"}-list`;
  const selected = options.find((o) => o.value === value);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <ComboboxTrigger
          id={id}
          selected={selected}
          placeholder={placeholder}
          disabled={disabled}
          className={className}
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
        />
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
        <Command label={searchLabel}>
          <CommandInput placeholder={searchLabel} aria-label={searchLabel} />
          <CommandList id={listId}>
            <CommandEmpty>{emptyText}</CommandEmpty>
            {options.map((o) => (
              <CommandItem
                key={o.value}
                value={o.value}
                keywords={o.hint ? [o.label, o.hint] : [o.label]}
                onSelect={() => {
                  onValueChange(o.value);
                  setOpen(false);
                  onBlur?.();
                }}
              >
                <CheckIcon className={cn("size-4", o.value === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                {o.hint ? (
                  <span className="grid">
                    <span>{o.label}</span>
                    <span className="text-xs text-muted-foreground">{o.hint}</span>
                  </span>
                ) : (
                  o.label
                )}
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

export { ComboboxPopover };
