"use client";
import { VelocityUsageLine } from "@/components/approvals/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/approvals/pending-approval-note";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/balances/balance-cards";
import { FormError } from "@/components/forms/form-error";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { createWithdrawal } from "@/lib/actions/create-withdrawal";
import { liveKeys } from "@/lib/live/query-keys";
import { Decimal, formatMoney } from "@/lib/money";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import type { CreateWithdrawalResult } from "@/lib/withdrawals/schema";
import { reached } from "@/lib/actions/reached";
import { useWithdrawalForm, WithdrawalFields } from "@/components/withdrawals/withdrawal-fields";

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
  const { form, formError, confirming, setConfirming, review, showFailure, reset } = useWithdrawalForm(available);
  const [waiting, setWaiting] = useState<Extract<CreateWithdrawalResult, { outcome: "pending_approval" }> | null>(null);

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
          reset();
          toast.success("The withdrawal is waiting for a second approver.");
          return;
        }
        toast.success(r.data.replayed ? "This withdrawal had already been sent; opening it." : "Withdrawal sent to the provider.");
        router.push(`/withdrawals/${r.data.id}`);
        return;
      }
      // The key is kept after any failure: an outcome the app could not learn (timeout, outage) must be
      // retried under the same key, and after a definitive refusal the ledger frees it for corrected values.
      showFailure(r);
    });
  };

  return (
    <div className="grid max-w-2xl gap-6">
      <form onSubmit={review} noValidate aria-label="New withdrawal" data-testid="create-withdrawal-form">
        <fieldset disabled={pending} className="grid gap-5">
          <WithdrawalFields form={form} idPrefix="wd" available={available} balanceNote="the withdrawal balance" unknownNote={balancesError} />
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
