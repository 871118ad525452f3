"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { Controller, useForm, type Path } from "react-hook-form";
import { toast } from "sonner";
import { PendingApprovalNote } from "@/components/approvals/pending-approval-note";
import { FormError } from "@/components/forms/form-error";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Link } from "@/components/ui/link";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { reached } from "@/lib/actions/reached";
import { withdrawFromBalance } from "@/lib/actions/withdraw-from-balance";
import { liveKeys } from "@/lib/live/query-keys";
import { Decimal, formatMoney, toDecimal } from "@/lib/money";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { addressHint } from "@/lib/withdrawals/address";
import { chainsFor, WITHDRAWAL_TOKENS } from "@/lib/withdrawals/rails";
import { withdrawalFormSchema, type CreateWithdrawalResult, type WithdrawalFormValues } from "@/lib/withdrawals/schema";
import { markWritten } from "./after-write";
import { BALANCES_KEY, useBalances, type FreshBalances } from "./balance-cards";

type Values = WithdrawalFormValues;

/** With one enabled token (and one chain for it) there is nothing to choose: both start chosen. */
function defaults(): Values {
  const token = WITHDRAWAL_TOKENS.length === 1 ? WITHDRAWAL_TOKENS[0]! : "";
  const chains = token ? chainsFor(token) : [];
  return { amount: "", token, chain: chains.length === 1 ? chains[0]! : "", destination_address: "" };
}

/**
 * Withdraw from the withdrawal balance as a stablecoin on chain, from the balances page: amount,
 * an enabled token and chain, a destination address of the chain's family; the shown withdrawal
 * balance bounds the amount before anything is sent (the provider's answer is final). A review step
 * says what will happen; above the threshold the withdrawal waits for a second approver. One
 * attempt key per open form, so a double click or a retry after a timeout never sends twice.
 */
export function WithdrawBalanceForm({ initial }: { initial: FreshBalances | null }) {
  const queryClient = useQueryClient();
  const balances = useBalances(initial);
  const available = balances.data?.data.withdrawalUsd ?? null;
  const attempt = useAttemptKey("balance-withdraw");
  const [pending, start] = useTransition();
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [result, setResult] = useState<CreateWithdrawalResult | null>(null);
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
      const r = await reached(withdrawFromBalance({ ...values, attemptKey: attempt.current() }));
      setConfirming(null);
      if (r.ok) {
        attempt.renew();
        markWritten();
        setResult(r.data);
        form.reset(defaults());
        toast.success(
          r.data.outcome === "pending_approval"
            ? "The withdrawal is waiting for a second approver."
            : r.data.replayed
              ? "This withdrawal had already been sent."
              : `Withdrawal of ${formatMoney(values.amount, "USD")} sent to the provider.`,
        );
        void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
        void queryClient.invalidateQueries({ queryKey: liveKeys.list("withdrawal") });
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
    <div className="grid gap-4">
      <form onSubmit={review} noValidate aria-label="Withdraw from balance" data-testid="withdraw-balance-form">
        <fieldset disabled={pending} className="grid gap-4">
          <Field
            label="Amount (USD)"
            htmlFor="bw-amount"
            error={errorOf("amount")}
            description={
              available !== null
                ? `Up to ${formatMoney(available, "USD")}, the withdrawal balance shown above; the provider's fee is debited on top.`
                : "The withdrawal balance is not known right now; the provider checks the amount."
            }
            required
          >
            <Input id="bw-amount" inputMode="decimal" autoComplete="off" placeholder="250.00" {...form.register("amount")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Token" htmlFor="bw-token" error={errorOf("token")} required>
              {select("token", "bw-token", "Choose a token", WITHDRAWAL_TOKENS)}
            </Field>
            <Field label="Chain" htmlFor="bw-chain" error={errorOf("chain")} description="Only the rails the provider has enabled are listed." required>
              {select("chain", "bw-chain", "Choose a chain", token ? chainsFor(token) : [])}
            </Field>
          </div>
          <Field label="Destination address" htmlFor="bw-address" error={errorOf("destination_address")} description={`${addressHint(chain || "")} Funds sent to a wrong address cannot be recovered.`} required>
            <Input id="bw-address" autoComplete="off" spellCheck={false} className="font-mono" placeholder="0x…" {...form.register("destination_address")} />
          </Field>
          <FormError message={formError} />
          <div>
            <Button type="submit" disabled={pending}>
              Review withdrawal
            </Button>
          </div>
        </fieldset>
      </form>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => (!open && !pending ? setConfirming(null) : undefined)}>
        <AlertDialogContent data-testid="withdraw-balance-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>Withdraw {confirming ? formatMoney(confirming.amount, "USD") : ""} from the withdrawal balance?</AlertDialogTitle>
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
            <Button type="button" onClick={send} disabled={pending} data-testid="withdraw-balance-submit">
              {pending ? "Sending…" : "Withdraw"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      {result?.outcome === "pending_approval" ? <PendingApprovalNote summary={result.summary} testId="withdraw-balance-pending" /> : null}
      {result?.outcome === "sent" ? (
        <div role="status" className="grid gap-1 rounded-lg border border-success/50 bg-success/10 p-4 text-sm" data-testid="withdraw-balance-sent">
          <p className="font-medium">Withdrawal sent</p>
          <p>
            The provider accepted the withdrawal; it settles on chain shortly.
            {result.replayed ? " This form had already been sent; this is the provider's earlier answer." : ""}{" "}
            <Link href={`/withdrawals/${result.id}`} className="underline underline-offset-4">
              Open the withdrawal
            </Link>
          </p>
          <p className="font-mono text-xs text-muted-foreground">Reference {result.id}</p>
        </div>
      ) : null}
    </div>
  );
}
