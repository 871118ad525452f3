"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import { FormError } from "@/components/forms/form-error";
import { useActionForm } from "@/components/forms/use-action-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { OptionSelect } from "@/components/ui/option-select";
import { simulateDeposit } from "@/lib/funding-accounts/simulate-deposit";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { SCENARIOS } from "@/lib/funding-accounts/options";
import { accountDepositsKey } from "./account-deposits";
import { SCENARIO_LABEL } from "@/lib/funding-accounts/labels";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadFormSchema = () => import("@/lib/funding-accounts/schema").then((m) => m.simulateDepositSchema.omit({ attemptKey: true }));

/**
 * Sandbox only (the page does not render it in production, and the action refuses there): asks the
 * provider's simulator for a deposit to this account. The result then arrives like a real deposit,
 * through webhooks and the live stream. The simulator takes no amount, so the amount field is
 * offered only when the sandbox is the local emulator (`amountOffered`), which sets it through its
 * control API.
 */
export function SimulateDepositForm({ accountId, currency, amountOffered }: { accountId: string; currency: string; amountOffered: boolean }) {
  const queryClient = useQueryClient();
  const [last, setLast] = useState<string | null>(null);
  const { form, onSubmit, pending, formError, errorOf } = useActionForm({
    schema: loadFormSchema,
    // Without the amount field, the provider's word on the amount is said above the button.
    action: async (values, attemptKey) => {
      const r = await answerOrFailure(simulateDeposit({ ...values, attemptKey }));
      if (r.ok || amountOffered || !r.fieldErrors?.amount) return r;
      const { amount, ...rest } = r.fieldErrors;
      return { ...r, error: amount, fieldErrors: rest };
    },
    defaultValues: { funding_account_id: accountId, scenario: "COMPLETED", amount: "" },
    attempt: `simulate-deposit-${accountId}`,
    fieldOf: (name) => (name === "amount" || name === "scenario" ? name : null),
    onSuccess: (data, values) => {
      setLast(data.message);
      toast.success("Simulated deposit sent.");
      form.reset({ funding_account_id: accountId, scenario: values.scenario, amount: "" });
      void queryClient.invalidateQueries({ queryKey: accountDepositsKey(accountId) });
    },
  });

  return (
    <section aria-label="Simulate a deposit" className="grid gap-3 rounded-lg border border-dashed p-4" data-testid="simulate-deposit">
      <div>
        <h2 className="text-base font-semibold">Simulate a deposit</h2>
        <p className="text-sm text-muted-foreground">Sandbox only. The provider creates a deposit on this account as if the customer had paid.</p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-start gap-4" aria-label="Simulate a deposit">
        <Field label="Scenario" htmlFor="simulate-scenario" error={errorOf("scenario")} className="w-80">
          <Controller
            control={form.control}
            name="scenario"
            render={({ field }) => (
              <OptionSelect
                id="simulate-scenario"
                width="w-full"
                value={field.value}
                onValueChange={field.onChange}
                options={(["default", ...SCENARIOS] as const).map((s) => ({ value: s, label: SCENARIO_LABEL[s] }))}
              />
            )}
          />
        </Field>
        {amountOffered ? (
          <Field
            label={`Amount (${currency}, optional)`}
            htmlFor="simulate-amount"
            error={errorOf("amount")}
            description="Emulator only. Empty: the account's expected amount, or the default."
            className="w-64"
          >
            <Input id="simulate-amount" inputMode="decimal" autoComplete="off" placeholder="50000.00" {...form.register("amount")} />
          </Field>
        ) : (
          <p className="max-w-64 pt-6 text-sm text-muted-foreground" data-testid="simulate-amount-note">
            The provider picks the amount: the account&apos;s expected amount, or its default.
          </p>
        )}
        <div className="pt-6">
          <Button type="submit" disabled={pending}>
            {pending ? "Simulating…" : "Simulate deposit"}
          </Button>
        </div>
      </form>
      <FormError message={formError} />
      {last ? (
        <p className="text-sm" aria-live="polite" data-testid="simulate-result">
          {last}
        </p>
      ) : null}
    </section>
  );
}
