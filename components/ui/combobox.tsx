"use client";

import type * as React from "react";
import { ChevronsUpDownIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { useFieldControl } from "@/components/ui/field-context";
import { useOnDemand } from "@/components/page/on-demand";

export type ComboboxOption = {
  value: string;
  label: string;
  /** A second line (masked account, chain, code), shown under the label and matched by the search. */
  hint?: string;
};

export type ComboboxProps = {
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

const loadPopover = () => import("@/components/ui/combobox-popover").then((m) => m.ComboboxPopover);

/** The combobox button: the stand-in before first use, and the popover's trigger after. */
function ComboboxTrigger({
  id,
  selected,
  placeholder,
  className,
  "aria-expanded": expanded,
  ...props
}: Omit<React.ComponentProps<"button">, "id" | "aria-expanded"> & {
  id?: string;
  selected: ComboboxOption | undefined;
  placeholder: string;
  "aria-expanded": boolean;
}) {
  const field = useFieldControl({ id });
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={expanded}
      data-slot="combobox-trigger"
      data-placeholder={selected ? undefined : ""}
      className={cn(
        "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs transition-[color,box-shadow] outline-none disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground dark:bg-input/30 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20",
        className,
      )}
      {...props}
      aria-haspopup="listbox"
      {...field}
      id={field.id ?? id}
    >
      <span className="truncate">{selected ? `${selected.label}${selected.hint ? ` · ${selected.hint}` : ""}` : placeholder}</span>
      <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
    </button>
  );
}

/**
 * A select with a search box, for long lists (recipients, banks, countries). The trigger is a
 * combobox button that picks up its Field's id, description and error; typing filters the options
 * by label, hint and value.
 * The list (Radix Popover and cmdk) loads on first use (components/page/on-demand.ts).
 */
function Combobox(props: ComboboxProps) {
  const { Loaded: Popover, triggerProps } = useOnDemand(loadPopover);
  if (Popover) return <Popover {...props} />;
  // A popover trigger opens on click (Enter and Space click a button), not on ArrowDown.
  const { onKeyDown: _, ...press } = triggerProps;
  const selected = props.options.find((o) => o.value === props.value);
  return <ComboboxTrigger id={props.id} selected={selected} placeholder={props.placeholder} disabled={props.disabled} className={props.className} {...press} />;
}

export { Combobox, ComboboxTrigger };
