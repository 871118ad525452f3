"use client";
import { Controller, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";

/**
 * The form both limits are set with (an approval limit per movement, a 24-hour limit): a currency,
 * one choice of what the limit applies to, an amount and the save button, in one row.
 */
export function LimitForm<V extends FieldValues>({
  idPrefix,
  ariaLabel,
  hook,
  choice,
  amount,
  submitLabel,
}: {
  /** Names the form's test ids and field ids: `<prefix>-form`, `<prefix>-save`, `<prefix>-currency`. */
  idPrefix: string;
  ariaLabel: string;
  /** The form's `useActionForm`. */
  hook: {
    form: UseFormReturn<V>;
    onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>;
    pending: boolean;
    formError: string | null;
    errorOf: (name: Path<V>) => string | undefined;
  };
  choice: { name: string; label: string; fallback: string; options: { value: string; label: string }[] };
  amount: { label: string; description: string; placeholder: string };
  submitLabel: string;
}) {
  const { form, onSubmit, pending, formError, errorOf } = hook;
  const field = (name: string) => name as Path<V>;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4 sm:grid-cols-[8rem_14rem_1fr_auto] sm:items-start"
      aria-label={ariaLabel}
      data-testid={`${idPrefix}-form`}
    >
      <Field label="Currency" htmlFor={`${idPrefix}-currency`} error={errorOf(field("currency"))} required>
        <Input id={`${idPrefix}-currency`} autoComplete="off" required maxLength={12} className="uppercase" {...form.register(field("currency"))} />
      </Field>
      <Field label={choice.label} htmlFor={`${idPrefix}-${choice.name}`} error={errorOf(field(choice.name))}>
        <Controller
          control={form.control}
          name={field(choice.name)}
          render={({ field: bound }) => (
            <OptionSelect
              id={`${idPrefix}-${choice.name}`}
              width="w-full"
              value={bound.value ?? choice.fallback}
              onValueChange={bound.onChange}
              options={choice.options}
            />
          )}
        />
      </Field>
      <Field label={amount.label} htmlFor={`${idPrefix}-amount`} error={errorOf(field("amount"))} description={amount.description} required>
        <Input id={`${idPrefix}-amount`} inputMode="decimal" autoComplete="off" placeholder={amount.placeholder} required {...form.register(field("amount"))} />
      </Field>
      <div className="sm:pt-[1.375rem]">
        <Button type="submit" disabled={pending} data-testid={`${idPrefix}-save`}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </div>
      <div className="sm:col-span-4">
        <FormError message={formError} />
      </div>
    </form>
  );
}
