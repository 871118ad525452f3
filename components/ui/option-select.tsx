"use client";

import * as React from "react";
import { ChevronDownIcon } from "lucide-react";

import { cn } from "@/lib/utils";
import { type FieldControlProps, useFieldControl } from "@/components/ui/field-context";
import { selectTriggerClassName } from "@/components/ui/select-trigger-class";

type SelectOption = { value: string; label: string };

type OptionSelectProps = FieldControlProps & {
  options: readonly SelectOption[];
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  className?: string;
  /** The trigger's width class (w-fit by default); not in className, where it would stand beside the default. */
  width?: `w-${string}`;
  size?: "sm" | "default";
  disabled?: boolean;
  "aria-label"?: string;
};

type RadixModule = typeof import("@/components/ui/option-select-radix");
let radix: Promise<RadixModule> | undefined;
const loadRadix = () => {
  radix ??= import("@/components/ui/option-select-radix");
  return radix;
};

/** The keys that open a Radix Select trigger. */
const OPEN_KEYS = [" ", "Enter", "ArrowUp", "ArrowDown"];

/**
 * A Select (components/ui/select) over a list of options, with Radix Select and its positioning
 * library (about 18 KiB compressed) fetched at the first focus or press instead of shipped with
 * the page. Until then a stand-in renders the same trigger (role, label, value, field wiring); a
 * press that wakes it opens the list once Radix is in, and focus moves to the real trigger.
 */
function OptionSelect(props: OptionSelectProps) {
  const { options, value, onBlur, placeholder, className, width = "w-fit", size = "default", disabled } = props;
  const field = useFieldControl(props);
  const [loaded, setLoaded] = React.useState<{ module: RadixModule; open: boolean; focus: boolean } | null>(null);
  const standIn = React.useRef<HTMLButtonElement>(null);
  const openWhenLoaded = React.useRef(false);
  const swapping = React.useRef(false);
  const wake = (open: boolean) => {
    if (open) openWhenLoaded.current = true;
    void loadRadix().then((module) => {
      // The stand-in leaves the page focused: that is no blur of the field.
      swapping.current = true;
      setLoaded({ module, open: openWhenLoaded.current, focus: document.activeElement === standIn.current });
    });
  };
  if (loaded) {
    const { RadixOptionSelect } = loaded.module;
    return <RadixOptionSelect {...props} defaultOpen={loaded.open} focusOnMount={loaded.focus} />;
  }
  const selected = options.find((o) => o.value === value);
  return (
    <button
      ref={standIn}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-label={props["aria-label"]}
      id={props.id}
      aria-invalid={props["aria-invalid"]}
      aria-describedby={props["aria-describedby"]}
      {...field}
      disabled={disabled}
      data-disabled={disabled ? "" : undefined}
      data-slot="select-trigger"
      data-size={size}
      data-state="closed"
      data-placeholder={selected ? undefined : ""}
      className={cn(selectTriggerClassName, width, className)}
      onFocus={() => wake(false)}
      onPointerDown={(e) => {
        // As Radix: a mouse opens on press, touch and pen on click.
        if (e.button === 0 && !e.ctrlKey && e.pointerType === "mouse") wake(true);
      }}
      onClick={(e) => {
        if ((e.nativeEvent as PointerEvent).pointerType && (e.nativeEvent as PointerEvent).pointerType !== "mouse") wake(true);
      }}
      onKeyDown={(e) => {
        if (!OPEN_KEYS.includes(e.key)) return;
        e.preventDefault();
        wake(true);
      }}
      onBlur={() => {
        if (!swapping.current) onBlur?.();
      }}
    >
      <span data-slot="select-value" style={{ pointerEvents: "none" }}>
        {selected ? selected.label : placeholder}
      </span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}

export { OptionSelect, type OptionSelectProps, type SelectOption };
