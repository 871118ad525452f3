"use client";

import * as React from "react";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { useFieldControl } from "@/components/ui/field-context";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

export type ComboboxOption = { value: string; label: string };

type ComboboxProps = {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  placeholder: string;
  /** The search box's accessible name and placeholder, e.g. "Search banks". */
  searchLabel: string;
  emptyText?: string;
  disabled?: boolean;
  className?: string;
};

/**
 * A select with a search box, for long lists (banks, countries). The trigger is a combobox button
 * that picks up its Field's id, description and error; typing filters the options by label.
 */
function Combobox({ id, value, onValueChange, onBlur, options, placeholder, searchLabel, emptyText = "Nothing matches.", disabled, className }: ComboboxProps) {
  const [open, setOpen] = React.useState(false);
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
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-haspopup="listbox"
          disabled={disabled}
          data-slot="combobox-trigger"
          data-placeholder={selected ? undefined : ""}
          className={cn(
            "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20",
            className,
          )}
          {...field}
          id={field.id ?? id}
        >
          <span className="truncate">{selected ? selected.label : placeholder}</span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0" align="start">
        <Command label={searchLabel}>
          <CommandInput placeholder={searchLabel} aria-label={searchLabel} />
          <CommandList id={listId}>
            <CommandEmpty>{emptyText}</CommandEmpty>
            {options.map((o) => (
              <CommandItem
                key={o.value}
                value={`${o.label} ${o.value}`}
                onSelect={() => {
                  onValueChange(o.value);
                  setOpen(false);
                  onBlur?.();
                }}
              >
                <CheckIcon className={cn("size-4", o.value === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                {o.label}
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

export { Combobox };
