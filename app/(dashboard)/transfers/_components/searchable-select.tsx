"use client";
import { CheckIcon, ChevronsUpDownIcon } from "lucide-react";
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Command, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { useFieldControl } from "@/components/ui/field-context";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

export interface SearchableOption {
  value: string;
  label: string;
  /** A second line (masked account, chain, code) that search also matches. */
  hint?: string;
}

/**
 * A select for long lists (recipients, banks): a button showing the choice opens a list with a
 * search box. Inside a <Field> it takes the field's id, error and description like other controls.
 */
export function SearchableSelect({
  id,
  value,
  onChange,
  onBlur,
  options,
  placeholder,
  searchLabel,
  emptyText,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: SearchableOption[];
  placeholder: string;
  searchLabel: string;
  emptyText: string;
}) {
  const [open, setOpen] = React.useState(false);
  const field = useFieldControl({ id });
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
        <Button
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          className={cn("h-auto min-h-9 w-full justify-between font-normal aria-invalid:border-destructive", !chosen && "text-muted-foreground")}
          {...field}
        >
          <span className="truncate text-left">{chosen ? `${chosen.label}${chosen.hint ? ` · ${chosen.hint}` : ""}` : placeholder}</span>
          <ChevronsUpDownIcon className="size-4 opacity-60" aria-hidden="true" />
        </Button>
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
