"use client";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type Path } from "react-hook-form";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createCoinsFiatWithdrawal } from "@/lib/coins/create-fiat-withdrawal";
import { fiatWithdrawalFormSchema, type FiatWithdrawalFormValues } from "@/lib/coins/schema";
import { Decimal, formatMoney } from "@/lib/money";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { useWithdrawalSubmit } from "./use-withdrawal-submit";

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
  const form = useForm<FiatWithdrawalFormValues>({ resolver: zodResolver(fiatWithdrawalFormSchema), defaultValues: EMPTY, mode: "onTouched" });
  const { submit, pending, formError, waiting } = useWithdrawalSubmit("fiat", form, createCoinsFiatWithdrawal, EMPTY);
  const errorOf = (name: Path<FiatWithdrawalFormValues>) => form.formState.errors[name]?.message;

  const onSubmit = form.handleSubmit((values) => {
    if (availableNgn !== null && new Decimal(values.amount).gt(availableNgn)) {
      form.setError("amount", {
        type: "max",
        message: `Available is ${formatMoney(availableNgn, "NGN")}. Enter that amount or less (the provider's fee comes on top).`,
      });
      return;
    }
    submit(values);
  });

  return (
    <div className="grid max-w-2xl gap-6">
      <form onSubmit={onSubmit} noValidate aria-label="New fiat withdrawal" data-testid="coins-fiat-withdrawal-form">
        <fieldset disabled={pending} className="grid gap-5">
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
          <VelocityUsageLine usage={velocity} currency={"NGN"} />
          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending} data-testid="coins-fiat-withdrawal-submit">
              {pending ? "Sending…" : "Withdraw"}
            </Button>
          </div>
        </fieldset>
      </form>
      {waiting ? <PendingApprovalNote summary={waiting} testId="coins-withdrawal-pending" /> : null}
    </div>
  );
}
