"use client";
import { useEffect, useState, useTransition } from "react";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { resolveBankAccount, type ResolvedBankAccount } from "@/lib/recipients/resolve-bank-account";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

export interface BankLookup {
  /** The holder's name for the bank and number now in the form; empty until they are looked up. */
  resolvedName: string;
  bankName: string | null;
  lookingUp: boolean;
  canLookUp: boolean;
  lookUp: () => void;
  clear: () => void;
}

/**
 * A Nigerian bank account looked up with the provider before submit, so the person sees whose it
 * is. The name is kept in the form's `accountName` field only while the bank and number are the
 * ones looked up: any change needs a new look-up. The provider's refusal lands on the number.
 */
export function useBankLookup<V extends FieldValues>(
  form: UseFormReturn<V>,
  names: { bankCode: Path<V>; accountNumber: Path<V>; accountName: Path<V> },
): BankLookup {
  const [resolved, setResolved] = useState<ResolvedBankAccount | null>(null);
  const [lookingUp, start] = useTransition();
  const [bankCode, accountNumber] = form.watch([names.bankCode, names.accountNumber]) as (string | undefined)[];
  const current = resolved && resolved.bankCode === bankCode && resolved.accountNumber === (accountNumber ?? "").trim() ? resolved : null;
  const resolvedName = current?.accountName ?? "";

  useEffect(() => {
    form.setValue(names.accountName, resolvedName as PathValue<V, Path<V>>);
  }, [resolvedName, form, names.accountName]);

  const lookUp = () => {
    form.clearErrors([names.bankCode, names.accountNumber]);
    const values = { bank_code: String(form.getValues(names.bankCode) ?? ""), account_number: String(form.getValues(names.accountNumber) ?? "").trim() };
    start(async () => {
      const r = await answerOrFailure(resolveBankAccount(values));
      if (r.ok) {
        setResolved(r.data);
        form.clearErrors([names.accountNumber, names.accountName]);
        return;
      }
      setResolved(null);
      const fields = r.fieldErrors ?? {};
      if (fields.bank_code) form.setError(names.bankCode, { type: "server", message: fields.bank_code });
      form.setError(names.accountNumber, { type: "server", message: fields.account_number ?? r.error });
    });
  };

  return {
    resolvedName,
    bankName: current?.bankName ?? null,
    lookingUp,
    canLookUp: Boolean(bankCode && accountNumber),
    lookUp,
    clear: () => setResolved(null),
  };
}

/** The look-up button, the "look it up first" error, and the name to confirm. */
export function BankLookupControls({ lookup, error, confirm }: { lookup: BankLookup; error: string | undefined; confirm: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" onClick={lookup.lookUp} disabled={lookup.lookingUp || !lookup.canLookUp}>
        {lookup.lookingUp ? "Looking up…" : "Look up account"}
      </Button>
      {error && !lookup.resolvedName ? (
        <p className="text-xs font-medium text-destructive" data-testid="account-name-error">
          {error}
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm" data-testid="resolved-account">
        {lookup.resolvedName ? (
          <>
            Account name: <span className="font-medium">{lookup.resolvedName}</span>
            {lookup.bankName ? ` at ${lookup.bankName}` : ""}. {confirm}
          </>
        ) : null}
      </p>
    </div>
  );
}
