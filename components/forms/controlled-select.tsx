"use client";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export type SelectOption = { value: string; label: string };

/** A select bound to one react-hook-form field; inside a <Field> it is labelled and described by it. */
export function ControlledSelect<V extends FieldValues>({
  control,
  name,
  id,
  placeholder,
  options,
}: {
  control: Control<V>;
  name: Path<V>;
  id: string;
  placeholder: string;
  options: readonly SelectOption[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value ? String(field.value) : ""} onValueChange={(v) => field.onChange(v)}>
          <SelectTrigger id={id} className="w-full" onBlur={field.onBlur}>
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
      )}
    />
  );
}
