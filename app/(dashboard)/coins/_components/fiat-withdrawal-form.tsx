"use client";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createCoinsFiatWithdrawal } from "@/lib/coins/create-fiat-withdrawal";
import type { FiatWithdrawalFormValues } from "@/lib/coins/schema";
import { compareDecimals, formatMoney } from "@/lib/money";
import { CoinsWithdrawalFrame, useCoinsWithdrawalForm } from "./withdrawal-form-frame";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadFiatWithdrawalFormSchema = () => import("@/lib/coins/schema").then((m) => m.fiatWithdrawalFormSchema);

const EMPTY: FiatWithdrawalFormValues = { amount: "", bank_code: "", account_number: "", narration: "" };

/**
 * Naira from the Coins balance to a Nigerian bank account. The available NGN bounds the amount
 * before anything is sent; the provider adds its fee and resolves the account holder's name.
 */
export function FiatWithdrawalForm({
  banks,
  availableNgn,
  velocity,
}: {
  banks: { code: string; name: string }[];
  availableNgn: string | null;
  velocity?: VelocityUsage[];
}) {
  const { form, onSubmit, pending, formError, waiting, errorOf } = useCoinsWithdrawalForm({
    kind: "fiat",
    schema: loadFiatWithdrawalFormSchema,
    action: createCoinsFiatWithdrawal,
    empty: EMPTY,
    check: (values) => {
      if (availableNgn !== null && compareDecimals(values.amount, availableNgn) > 0) {
        form.setError("amount", {
          type: "max",
          message: `Available is ${formatMoney(availableNgn, "NGN")}. Enter that amount or less (the provider's fee comes on top).`,
        });
        return null;
      }
      return values;
    },
  });

  return (
    <CoinsWithdrawalFrame
      kind="fiat"
      label="New fiat withdrawal"
      currency="NGN"
      velocity={velocity}
      onSubmit={onSubmit}
      pending={pending}
      formError={formError}
      waiting={waiting}
    >
      <Field
        label="Amount (NGN)"
        htmlFor="fw-amount"
        error={errorOf("amount")}
        description={
          availableNgn !== null
            ? `Available ${formatMoney(availableNgn, "NGN")}; the provider's fee is debited on top.`
            : "The NGN balance is not known right now; the provider checks the amount."
        }
        required
      >
        <Input id="fw-amount" inputMode="decimal" autoComplete="off" placeholder="25000.00" {...form.register("amount")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Bank" htmlFor="fw-bank" error={errorOf("bank_code")} required>
          <ControlledSelect
            control={form.control}
            name="bank_code"
            id="fw-bank"
            placeholder="Choose the bank"
            options={banks.map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
          />
        </Field>
        <Field label="Account number" htmlFor="fw-account" error={errorOf("account_number")} required>
          <Input id="fw-account" inputMode="numeric" autoComplete="off" maxLength={10} className="font-mono" {...form.register("account_number")} />
        </Field>
      </div>
      <Field
        label="Narration"
        htmlFor="fw-narration"
        error={errorOf("narration")}
        description="Optional, shown on the recipient's statement (up to 100 characters)."
      >
        <Input id="fw-narration" autoComplete="off" {...form.register("narration")} />
      </Field>
    </CoinsWithdrawalFrame>
  );
}
