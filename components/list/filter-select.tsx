"use client";
import { Label } from "@/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";

/**
 * One labelled filter of a list toolbar: `null` is "all", offered as the `all` option (a filter
 * without one, like a page size, always has a value). The browser's own select: a toolbar renders
 * several on every list page, and the Radix one renders each of its items while closed, which
 * made hydrating a list page one long task.
 *
 * `closed`: the options are every value the page's filter accepts. A value outside them (an old
 * link, or a status the provider added since) is ignored by the page, which then lists everything,
 * so the select says `all` too, rather than a blank or a filter that is not applied.
 */
export function FilterSelect<V extends string = string>({
  id,
  label,
  value: raw,
  all,
  options,
  onChange,
  closed = false,
  width = "w-52",
}: {
  id: string;
  label: string;
  value: string | null;
  all?: string;
  options: { value: V; label: string }[];
  onChange: (v: V | null) => void;
  closed?: boolean;
  /** The select's width class. */
  width?: `w-${string}`;
}) {
  const value = closed && all !== undefined && raw !== null && !options.some((o) => o.value === raw) ? null : raw;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} width={width} value={value ?? ""} onChange={(e) => onChange((e.target.value as V) || null)}>
        {all !== undefined ? <NativeSelectOption value="">{all}</NativeSelectOption> : null}
        {options.map((o) => (
          <NativeSelectOption key={o.value} value={o.value}>
            {o.label}
          </NativeSelectOption>
        ))}
      </NativeSelect>
    </div>
  );
}
