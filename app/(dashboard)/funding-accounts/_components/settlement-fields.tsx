"use client";
import { useEffect } from "react";
import { Controller, type FieldValues, type Path, type PathValue, type UseFormReturn } from "react-hook-form";
import { BankLookupControls, useBankLookup, type BankLookup } from "@/components/forms/bank-lookup";
import { ControlledSelect, type SelectOption } from "@/components/forms/controlled-select";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { RateNeed } from "@/lib/funding-accounts/options";
import { ASSETS, DESTINATION_CHAINS } from "@/lib/funding-accounts/options";
import { RatePicker } from "./rate-picker";

/** The settlement fields the creation form and the change dialog share (both schemas name them alike). */
export type SettlementFieldValues = {
  rate_id?: string;
  destination_asset?: string;
  destination_chain?: string;
  destination_address?: string;
  bank_code?: string;
  account_number?: string;
  account_name?: string;
};
/** Every settlement field empty: both forms start from it. */
export const EMPTY_SETTLEMENT = {
  rate_id: "",
  destination_asset: "",
  destination_chain: "",
  destination_address: "",
  bank_code: "",
  account_number: "",
  account_name: "",
} satisfies Required<SettlementFieldValues>;

type Name = keyof SettlementFieldValues;
// Each form's own values hold these fields under these names; only they are read or set here.
const at = <V extends FieldValues>(name: Name) => name as Path<V>;
const errorIn = <V extends FieldValues>(form: UseFormReturn<V>, name: Name) => form.formState.errors[name]?.message as string | undefined;

/**
 * What both settlement forms keep in step: a rate belongs to one conversion (side and currency), so
 * another conversion clears it; and the destination bank account's look-up.
 */
export function useSettlementForm<V extends FieldValues>(form: UseFormReturn<V>, need: RateNeed): BankLookup {
  const needKey = need ? `${need.side}:${need.to}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the conversion (needKey) changes, which is its purpose
  useEffect(() => {
    form.setValue(at<V>("rate_id"), "" as PathValue<V, Path<V>>);
  }, [needKey, form]);
  return useBankLookup(form, { bankCode: at<V>("bank_code"), accountNumber: at<V>("account_number"), accountName: at<V>("account_name") });
}

/**
 * Where on-chain settlement pays out. `detailed` is the creation form's roomier layout (two columns,
 * the address's format said); the change dialog lists the fields one under the other.
 */
export function OnchainDestinationFields<V extends FieldValues>({
  form,
  idPrefix,
  detailed,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  detailed?: boolean;
}) {
  const fields = (
    <>
      <Field label="Pay out as" htmlFor={`${idPrefix}-dest-asset`} error={errorIn(form, "destination_asset")} required>
        <ControlledSelect
          control={form.control}
          name={at<V>("destination_asset")}
          id={`${idPrefix}-dest-asset`}
          placeholder="Choose a stablecoin"
          options={ASSETS.map((a) => ({ value: a, label: a }))}
        />
      </Field>
      <Field label="Pay out on" htmlFor={`${idPrefix}-dest-chain`} error={errorIn(form, "destination_chain")} required>
        <ControlledSelect
          control={form.control}
          name={at<V>("destination_chain")}
          id={`${idPrefix}-dest-chain`}
          placeholder="Choose a chain"
          options={DESTINATION_CHAINS.map((c) => ({ value: c, label: c }))}
        />
      </Field>
      <Field
        label="Destination address"
        htmlFor={`${idPrefix}-dest-address`}
        error={errorIn(form, "destination_address")}
        description={detailed ? "An EVM address: 0x followed by 40 hexadecimal characters." : undefined}
        className={detailed ? "sm:col-span-2" : undefined}
        required
      >
        <Input
          id={`${idPrefix}-dest-address`}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder={detailed ? "0x…" : undefined}
          {...form.register(at<V>("destination_address"))}
        />
      </Field>
    </>
  );
  return detailed ? <div className="grid gap-5 sm:grid-cols-2">{fields}</div> : fields;
}

/** The NGN bank account settlement pays out to, looked up before it is saved. */
export function BankDestinationFields<V extends FieldValues>({
  form,
  idPrefix,
  banks,
  banksError,
  bankPlaceholder = "Choose a bank",
  lookup,
  confirm,
  detailed,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  banks: readonly SelectOption[];
  banksError?: string;
  bankPlaceholder?: string;
  lookup: BankLookup;
  confirm: string;
  detailed?: boolean;
}) {
  const bankAndAccount = (
    <>
      <Field label="Destination bank" htmlFor={`${idPrefix}-bank`} error={errorIn(form, "bank_code") ?? banksError} required>
        <ControlledSelect control={form.control} name={at<V>("bank_code")} id={`${idPrefix}-bank`} placeholder={bankPlaceholder} options={banks} />
      </Field>
      <Field label="Account number" htmlFor={`${idPrefix}-account-number`} error={errorIn(form, "account_number")} required>
        <Input
          id={`${idPrefix}-account-number`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          placeholder={detailed ? "0690000031" : undefined}
          {...form.register(at<V>("account_number"))}
        />
      </Field>
    </>
  );
  const controls = <BankLookupControls lookup={lookup} error={errorIn(form, "account_name")} confirm={confirm} />;
  if (!detailed)
    return (
      <>
        {bankAndAccount}
        {controls}
      </>
    );
  return (
    <div className="grid gap-3 rounded-md border p-4">
      <div className="grid gap-5 sm:grid-cols-2">{bankAndAccount}</div>
      {controls}
    </div>
  );
}

/** The quoted rate where settlement converts; `detailed` marks it required and says what an optional one does. */
export function RateField<V extends FieldValues>({ form, need, detailed }: { form: UseFormReturn<V>; need: NonNullable<RateNeed>; detailed?: boolean }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">
        {need.required ? "Rate" : "Rate (optional)"}
        {detailed && need.required ? (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        ) : null}
      </legend>
      {detailed && !need.required ? (
        <p className="text-xs text-muted-foreground">
          Lock today&apos;s USD rate for this account, or leave it to convert each deposit at the rate of its day.
        </p>
      ) : null}
      <Controller
        control={form.control}
        name={at<V>("rate_id")}
        render={({ field }) => (
          <RatePicker
            side={need.side}
            to={need.to}
            required={need.required}
            value={String(field.value ?? "")}
            onChange={(id) => form.setValue(at<V>("rate_id"), id as PathValue<V, Path<V>>, { shouldValidate: form.formState.isSubmitted })}
            error={errorIn(form, "rate_id")}
          />
        )}
      />
    </fieldset>
  );
}
