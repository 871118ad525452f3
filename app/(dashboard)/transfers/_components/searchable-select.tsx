"use client";
import { ChevronsUpDownIcon } from "lucide-react";
import type * as React from "react";
import { useOnDemand } from "@/components/page/on-demand";
import { useFieldControl } from "@/components/ui/field-context";
import { cn } from "@/lib/utils";

export interface SearchableOption {
  value: string;
  label: string;
  /** A second line (masked account, chain, code) that search also matches. */
  hint?: string;
}

export interface SearchableSelectProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: SearchableOption[];
  placeholder: string;
  searchLabel: string;
  emptyText: string;
}

const loadPopover = () => import("./searchable-select-popover").then((m) => m.SearchableSelectPopover);

/**
 * The select's button: the stand-in before first use, and the popover's trigger after. An outline
 * Button's look laid out as a field (full width, growing height, label left, normal weight); spelt
 * out here because Button's base classes (h-9, justify-center, font-medium) would stand beside
 * overrides in className (cn() merges nothing).
 */
const TRIGGER_CLASSES =
  "inline-flex h-auto min-h-9 w-full shrink-0 items-center justify-between gap-2 whitespace-nowrap rounded-md border bg-background px-4 py-2 text-sm font-normal shadow-xs transition-[color,background-color,border-color,box-shadow] outline-none hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-50 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 has-[>svg]:px-3 dark:border-input dark:bg-input/30 dark:hover:bg-input/50 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export function SearchableSelectTrigger({
  id,
  chosen,
  placeholder,
  ...props
}: React.ComponentProps<"button"> & { id: string; chosen: SearchableOption | undefined; placeholder: string }) {
  const field = useFieldControl({ id });
  return (
    <button
      type="button"
      data-slot="button"
      data-variant="outline"
      role="combobox"
      aria-expanded={false}
      className={cn(TRIGGER_CLASSES, !chosen && "text-muted-foreground")}
      {...props}
      {...field}
    >
      <span className="truncate text-left">{chosen ? `${chosen.label}${chosen.hint ? ` · ${chosen.hint}` : ""}` : placeholder}</span>
      <ChevronsUpDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

/**
 * A select for long lists (recipients, banks): a button showing the choice opens a list with a
 * search box. Inside a <Field> it takes the field's id, error and description like other controls.
 * The list (Radix Popover and cmdk) loads on first use (components/page/on-demand.ts).
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const { Loaded: Popover, triggerProps } = useOnDemand(loadPopover);
  if (Popover) return <Popover {...props} />;
  // A popover trigger opens on click (Enter and Space click a button), not on ArrowDown.
  const { onKeyDown: _, ...press } = triggerProps;
  return <SearchableSelectTrigger id={props.id} chosen={props.options.find((o) => o.value === props.value)} placeholder={props.placeholder} {...press} />;
}
