"use client";
import { ChevronsUpDownIcon } from "lucide-react";
import type * as React from "react";
import { useOnDemand } from "@/components/page/on-demand";
import { Button } from "@/components/ui/button";
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

/** The select's button: the stand-in before first use, and the popover's trigger after. */
export function SearchableSelectTrigger({
  id,
  chosen,
  placeholder,
  ...props
}: React.ComponentProps<typeof Button> & { id: string; chosen: SearchableOption | undefined; placeholder: string }) {
  const field = useFieldControl({ id });
  return (
    <Button
      variant="outline"
      role="combobox"
      className={cn("h-auto min-h-9 w-full justify-between font-normal aria-invalid:border-destructive", !chosen && "text-muted-foreground")}
      {...props}
      {...field}
    >
      <span className="truncate text-left">{chosen ? `${chosen.label}${chosen.hint ? ` · ${chosen.hint}` : ""}` : placeholder}</span>
      <ChevronsUpDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </Button>
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
