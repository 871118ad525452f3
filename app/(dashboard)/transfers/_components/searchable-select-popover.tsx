"use client";
import { CheckIcon } from "lucide-react";
import * as React from "react";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { SearchableSelectTrigger, type SearchableSelectProps } from "./searchable-select";

/** SearchableSelect once its code is in: it mounts open, as its button was just pressed. */
export function SearchableSelectPopover({ id, value, onChange, onBlur, options, placeholder, searchLabel, emptyText }: SearchableSelectProps) {
  const [open, setOpen] = React.useState(true);
  const chosen = options.find((o) => o.value === value);
  const listId = `${id}-list`;
  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <SearchableSelectTrigger id={id} chosen={chosen} placeholder={placeholder} aria-expanded={open} aria-controls={open ? listId : undefined} />
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72 p-0" align="start">
        <Command>
          <CommandInput placeholder={searchLabel} aria-label={searchLabel} />
          <CommandList id={listId}>
            <CommandEmpty>{emptyText}</CommandEmpty>
            <CommandGroup>
              {options.map((o) => (
                <CommandItem
                  key={o.value}
                  value={o.value}
                  keywords={[o.label, o.hint ?? ""]}
                  onSelect={() => {
                    onChange(o.value);
                    setOpen(false);
                  }}
                >
                  <CheckIcon className={cn("size-4", o.value === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                  <span className="grid">
                    <span>{o.label}</span>
                    {o.hint ? <span className="text-xs text-muted-foreground">{o.hint}</span> : null}
                  </span>
                </CommandItem>
              ))}
            </CommandGroup>
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
