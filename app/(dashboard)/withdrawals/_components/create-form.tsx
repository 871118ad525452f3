"use client";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/page/balance-cards";
import { FormError } from "@/components/forms/form-error";
import { Button } from "@/components/ui/button";
import { createWithdrawal } from "@/lib/withdrawals/create-withdrawal";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import type { CreateWithdrawalResult } from "@/lib/withdrawals/schema";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";
import { useWithdrawalForm, WithdrawalConfirmDialog, WithdrawalFields } from "@/components/forms/withdrawal-fields";

/**
 * A withdrawal from the USD withdrawal balance: amount, token and chain from the enabled rails, and
 * a destination address checked for the chain's family; the shown balance bounds the amount before
 * anything is sent (the provider's answer is final). A review step says what will happen, then the
 * withdrawal is sent, or waits for a second approver above the threshold. One attempt key per open
 * form, so a double click or a retry after a timeout never sends twice.
 */
export function CreateWithdrawalForm({
  initialBalances,
  balancesError,
  velocity,
}: {
  initialBalances: FreshBalances | null;
  balancesError: string | null;
  velocity?: VelocityUsage[];
}) {
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
      const r = await answerOrFailure(createWithdrawal({ ...values, attemptKey: attempt.current() }));
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

      <WithdrawalConfirmDialog
        confirming={confirming}
        onClose={() => setConfirming(null)}
        onSend={send}
        pending={pending}
        available={available}
        title={`Withdraw ${confirming ? formatMoney(confirming.amount, "USD") : ""}?`}
        testIdPrefix="withdrawal"
      />

      {waiting ? <PendingApprovalNote summary={waiting.summary} testId="withdrawal-pending" /> : null}
    </div>
  );
}
