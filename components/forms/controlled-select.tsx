"use client";
import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import { OptionSelect, type SelectOption } from "@/components/ui/option-select";

export type { SelectOption };

/** A select bound to one react-hook-form field; inside a <Field> it is labelled and described by it. Radix loads at first use. */
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
        <OptionSelect
          id={id}
          width="w-full"
          value={field.value ? String(field.value) : ""}
          onValueChange={(v) => field.onChange(v)}
          onBlur={field.onBlur}
          placeholder={placeholder}
          options={options}
        />
      )}
    />
  );
}
