"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, type Path, type UseFormReturn } from "react-hook-form";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Decimal, formatMoney, toDecimal } from "@/lib/money";
import { addressHint } from "@/lib/withdrawals/address";
import { chainsFor, WITHDRAWAL_TOKENS } from "@/lib/withdrawals/rails";
import { withdrawalFormSchema, type WithdrawalFormValues } from "@/lib/withdrawals/schema";

/**
 * What the two on-chain withdrawal forms share (a merchant withdrawal, and a withdrawal from the
 * balances page): the fields, the bound by the shown withdrawal balance, the reviewed values and the
 * provider's refusals at their fields. Each form keeps its own action, wording and result.
 */
type Values = WithdrawalFormValues;

/** With one enabled token (and one chain for it) there is nothing to choose: both start chosen. */
export function withdrawalDefaults(): Values {
  const token = WITHDRAWAL_TOKENS.length === 1 ? WITHDRAWAL_TOKENS[0]! : "";
  const chains = token ? chainsFor(token) : [];
  return { amount: "", token, chain: chains.length === 1 ? chains[0]! : "", destination_address: "" };
}

export function useWithdrawalForm(available: string | null) {
  const form = useForm<Values>({ resolver: zodResolver(withdrawalFormSchema), defaultValues: withdrawalDefaults(), mode: "onTouched" });
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);

  const review = form.handleSubmit((values) => {
    setFormError(null);
    const amount = new Decimal(values.amount);
    const balance = toDecimal(available);
    if (balance && amount.gt(balance)) {
      form.setError("amount", {
        type: "max",
        message: `The withdrawal balance is ${formatMoney(balance, "USD")}. Enter that amount or less (the provider's fee comes on top).`,
      });
      return;
    }
    setConfirming({ ...values, amount: amount.toFixed(2) });
  });

  /** A refusal goes to its fields; what no field can hold (or carries a reference) goes above the button. */
  const showFailure = (r: { error: string; fieldErrors?: Record<string, string>; requestId?: string }) => {
    const fields = Object.entries(r.fieldErrors ?? {}).filter(([name]) => name in withdrawalDefaults());
    for (const [name, message] of fields) form.setError(name as Path<Values>, { type: "server", message });
    if (fields.length === 0 || r.requestId) setFormError(r.error);
  };

  const reset = () => form.reset(withdrawalDefaults());
  return { form, formError, confirming, setConfirming, review, showFailure, reset };
}

export function WithdrawalFields({
  form,
  idPrefix,
  available,
  balanceNote,
  unknownNote,
}: {
  form: UseFormReturn<Values>;
  idPrefix: string;
  available: string | null;
  /** What the bound is, e.g. "the withdrawal balance shown above". */
  balanceNote: string;
  /** Why the balance is not known, when the page could not read it. */
  unknownNote?: string | null;
}) {
  const errorOf = (name: Path<Values>) => form.formState.errors[name]?.message;
  const [token, chain] = form.watch(["token", "chain"]);
  const select = (name: "token" | "chain", placeholder: string, options: string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={(v) => field.onChange(v)}>
          <SelectTrigger id={`${idPrefix}-${name}`} className="w-full" onBlur={field.onBlur}>
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o} value={o}>
                {o}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
  return (
    <>
      <Field
        label="Amount (USD)"
        htmlFor={`${idPrefix}-amount`}
        error={errorOf("amount")}
        description={
          available !== null
            ? `Up to ${formatMoney(available, "USD")}, ${balanceNote}; the provider's fee is debited on top.`
            : (unknownNote ?? "The withdrawal balance is not known right now; the provider checks the amount.")
        }
        required
      >
        <Input id={`${idPrefix}-amount`} inputMode="decimal" autoComplete="off" placeholder="250.00" {...form.register("amount")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Token" htmlFor={`${idPrefix}-token`} error={errorOf("token")} required>
          {select("token", "Choose a token", WITHDRAWAL_TOKENS)}
        </Field>
        <Field label="Chain" htmlFor={`${idPrefix}-chain`} error={errorOf("chain")} description="Only the rails the provider has enabled are listed." required>
          {select("chain", "Choose a chain", token ? chainsFor(token) : [])}
        </Field>
      </div>
      <Field
        label="Destination address"
        htmlFor={`${idPrefix}-address`}
        error={errorOf("destination_address")}
        description={`${addressHint(chain || "")} Funds sent to a wrong address cannot be recovered.`}
        required
      >
        <Input
          id={`${idPrefix}-address`}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          placeholder="0x…"
          {...form.register("destination_address")}
        />
      </Field>
    </>
  );
}

/** The review step: what will be sent, where, and the balance after it, before anything leaves. */
export function WithdrawalConfirmDialog({
  confirming,
  onClose,
  onSend,
  pending,
  available,
  title,
  testIdPrefix,
}: {
  confirming: Values | null;
  onClose: () => void;
  onSend: () => void;
  pending: boolean;
  available: string | null;
  title: string;
  testIdPrefix: string;
}) {
  return (
    <AlertDialog open={confirming !== null} onOpenChange={(open) => (!open && !pending ? onClose() : undefined)}>
      <AlertDialogContent data-testid={`${testIdPrefix}-confirm`}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            The provider sends this amount as {confirming?.token} on {confirming?.chain} and debits it, plus its fee, from the withdrawal balance. An on-chain
            send cannot be reversed. Above your organization&apos;s approval threshold it waits for a second person with the approver role, and nothing is sent
            until then.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {confirming ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">To</dt>
            <dd className="font-mono break-all">{confirming.destination_address}</dd>
            {available !== null ? (
              <>
                <dt className="text-muted-foreground">Balance after, before the fee</dt>
                <dd className="tabular-nums">{formatMoney(new Decimal(available).minus(confirming.amount), "USD")}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button type="button" onClick={onSend} disabled={pending} data-testid={`${testIdPrefix}-submit`}>
            {pending ? "Sending…" : "Withdraw"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
