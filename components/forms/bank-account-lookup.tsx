"use client";
import { useEffect, useState, useTransition } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { resolveBankAccount, type ResolvedBankAccount } from "@/lib/actions/resolve-bank-account";

type LookupValues = { bank_code?: string; account_number?: string; account_name?: string };

/**
 * The look-up of a Nigerian bank account for a form with `bank_code`, `account_number` and
 * `account_name`: asks the provider whose account it is and keeps the name in `account_name` only
 * while the bank and number are the ones looked up (any change needs a new look-up).
 */
export function useBankAccountLookup<V extends FieldValues & LookupValues, C, T>(typedForm: UseFormReturn<V, C, T>) {
  const form = typedForm as unknown as UseFormReturn<LookupValues>;
  const [resolved, setResolved] = useState<ResolvedBankAccount | null>(null);
  const [lookingUp, start] = useTransition();
  const [bankCode, accountNumber] = form.watch(["bank_code", "account_number"]);
  const resolvedName = resolved && resolved.bankCode === bankCode && resolved.accountNumber === (accountNumber ?? "").trim() ? resolved.accountName : "";
  useEffect(() => {
    form.setValue("account_name", resolvedName);
  }, [resolvedName, form]);

  const lookUp = () => {
    form.clearErrors(["bank_code", "account_number", "account_name"]);
    const values = { bank_code: form.getValues("bank_code") ?? "", account_number: (form.getValues("account_number") ?? "").trim() };
    start(async () => {
      const r = await resolveBankAccount(values);
      if (r.ok) {
        setResolved(r.data);
        return;
      }
      setResolved(null);
      const fields = r.fieldErrors ?? {};
      if (fields.bank_code) form.setError("bank_code", { type: "server", message: fields.bank_code });
      form.setError("account_number", { type: "server", message: fields.account_number ?? r.error });
    });
  };
  return { lookUp, lookingUp, resolved, resolvedName, ready: Boolean(bankCode && accountNumber), clear: () => setResolved(null) };
}

/** The look-up button, the reminder to look up (after submit), and the holder's name for the person to check. */
export function BankAccountLookup({ lookup, error, before }: { lookup: ReturnType<typeof useBankAccountLookup>; error: string | undefined; before: string }) {
  const { lookUp, lookingUp, resolved, resolvedName, ready } = lookup;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" onClick={lookUp} disabled={lookingUp || !ready}>
        {lookingUp ? "Looking up…" : "Look up account"}
      </Button>
      {error && !resolvedName ? (
        <p className="text-xs font-medium text-destructive" data-testid="account-name-error">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm" data-testid="resolved-account">
        {resolvedName ? (
          <>
            Account name: <span className="font-medium">{resolvedName}</span>
            {resolved?.bankName ? ` at ${resolved.bankName}` : ""}. Check it is the right person before {before}.
          </>
        ) : null}
      </p>
    </div>
  );
}
