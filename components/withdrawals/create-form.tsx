"use client";
import { VelocityUsageLine } from "@/components/approvals/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/approvals/pending-approval-note";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/balances/balance-cards";
import { FormError } from "@/components/forms/form-error";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { createWithdrawal } from "@/lib/actions/create-withdrawal";
import { liveKeys } from "@/lib/live/query-keys";
import { Decimal, formatMoney, toDecimal } from "@/lib/money";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { addressHint } from "@/lib/withdrawals/address";
import { chainsFor, WITHDRAWAL_TOKENS } from "@/lib/withdrawals/rails";
import { withdrawalFormSchema, type CreateWithdrawalResult, type WithdrawalFormValues } from "@/lib/withdrawals/schema";
import { reached } from "@/lib/actions/reached";

type Values = WithdrawalFormValues;

/** With one enabled token (and one chain for it) there is nothing to choose: both start chosen. */
function defaults(): Values {
  const token = WITHDRAWAL_TOKENS.length === 1 ? WITHDRAWAL_TOKENS[0]! : "";
  const chains = token ? chainsFor(token) : [];
  return { amount: "", token, chain: chains.length === 1 ? chains[0]! : "", destination_address: "" };
}

/**
 * A withdrawal from the USD withdrawal balance: amount, token and chain from the enabled rails, and
 * a destination address checked for the chain's family; the shown balance bounds the amount before
 * anything is sent (the provider's answer is final). A review step says what will happen, then the
 * withdrawal is sent, or waits for a second approver above the threshold. One attempt key per open
 * form, so a double click or a retry after a timeout never sends twice.
 */
export function CreateWithdrawalForm({ initialBalances, balancesError, velocity }: { initialBalances: FreshBalances | null; balancesError: string | null; velocity?: VelocityUsage[] }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const balances = useBalances(initialBalances, balancesError);
  const available = balances.data?.data.withdrawalUsd ?? null;
  const attempt = useAttemptKey("withdrawal-create");
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [waiting, setWaiting] = useState<Extract<CreateWithdrawalResult, { outcome: "pending_approval" }> | null>(null);
  const form = useForm<Values>({ resolver: zodResolver(withdrawalFormSchema), defaultValues: defaults(), mode: "onTouched" });
  const errorOf = (name: Path<Values>) => form.formState.errors[name]?.message;
  const [token, chain] = form.watch(["token", "chain"]);

  const review = form.handleSubmit((values) => {
    setFormError(null);
    const amount = new Decimal(values.amount);
    const balance = toDecimal(available);
    if (balance && amount.gt(balance)) {
      form.setError("amount", { type: "max", message: `The withdrawal balance is ${formatMoney(balance, "USD")}. Enter that amount or less (the provider's fee comes on top).` });
      return;
    }
    setConfirming({ ...values, amount: amount.toFixed(2) });
  });

  const send = () => {
    if (!confirming) return;
    const values = confirming;
    start(async () => {
      const r = await reached(createWithdrawal({ ...values, attemptKey: attempt.current() }));
      setConfirming(null);
      if (r.ok) {
        attempt.renew();
        void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
        void queryClient.invalidateQueries({ queryKey: liveKeys.list("withdrawal") });
        if (r.data.outcome === "pending_approval") {
          setWaiting(r.data);
          form.reset(defaults());
          toast.success("The withdrawal is waiting for a second approver.");
          return;
        }
        toast.success(r.data.replayed ? "This withdrawal had already been sent; opening it." : "Withdrawal sent to the provider.");
        router.push(`/withdrawals/${r.data.id}`);
        return;
      }
      // The key is kept after any failure: an outcome the app could not learn (timeout, outage) must be
      // retried under the same key, and after a definitive refusal the ledger frees it for corrected values.
      const fields = Object.entries(r.fieldErrors ?? {}).filter(([name]) => name in defaults());
      for (const [name, message] of fields) form.setError(name as Path<Values>, { type: "server", message });
      if (fields.length === 0 || r.requestId) setFormError(r.error);
    });
  };

  const select = (name: "token" | "chain", id: string, placeholder: string, options: string[]) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={(v) => field.onChange(v)}>
          <SelectTrigger id={id} className="w-full" onBlur={field.onBlur}>
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
    <div className="grid max-w-2xl gap-6">
      <form onSubmit={review} noValidate aria-label="New withdrawal" data-testid="create-withdrawal-form">
        <fieldset disabled={pending} className="grid gap-5">
          <Field
            label="Amount (USD)"
            htmlFor="wd-amount"
            error={errorOf("amount")}
            description={
              available !== null
                ? `Up to ${formatMoney(available, "USD")}, the withdrawal balance; the provider's fee is debited on top.`
                : (balancesError ?? "The withdrawal balance is not known right now; the provider checks the amount.")
            }
            required
          >
            <Input id="wd-amount" inputMode="decimal" autoComplete="off" placeholder="250.00" {...form.register("amount")} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Token" htmlFor="wd-token" error={errorOf("token")} required>
              {select("token", "wd-token", "Choose a token", WITHDRAWAL_TOKENS)}
            </Field>
            <Field label="Chain" htmlFor="wd-chain" error={errorOf("chain")} description="Only the rails the provider has enabled are listed." required>
              {select("chain", "wd-chain", "Choose a chain", token ? chainsFor(token) : [])}
            </Field>
          </div>
          <Field label="Destination address" htmlFor="wd-address" error={errorOf("destination_address")} description={`${addressHint(chain || "")} Funds sent to a wrong address cannot be recovered.`} required>
            <Input id="wd-address" autoComplete="off" spellCheck={false} className="font-mono" placeholder="0x…" {...form.register("destination_address")} />
          </Field>
          <VelocityUsageLine usage={velocity} currency={"USD"} />
          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending}>
              Review withdrawal
            </Button>
          </div>
        </fieldset>
      </form>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => (!open && !pending ? setConfirming(null) : undefined)}>
        <AlertDialogContent data-testid="withdrawal-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>Withdraw {confirming ? formatMoney(confirming.amount, "USD") : ""}?</AlertDialogTitle>
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
            <Button type="button" onClick={send} disabled={pending} data-testid="withdrawal-submit">
              {pending ? "Sending…" : "Withdraw"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      {waiting ? (
        <PendingApprovalNote summary={waiting.summary} testId="withdrawal-pending" />
      ) : null}
    </div>
  );
}
