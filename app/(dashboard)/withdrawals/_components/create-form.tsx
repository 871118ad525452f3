"use client";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/page/balance-cards";
import { createWithdrawal } from "@/lib/withdrawals/create-withdrawal";
import { liveKeys } from "@/lib/live/query-keys";
import { useWithdrawalForm, WithdrawalForm } from "@/components/forms/withdrawal-fields";

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
  const hook = useWithdrawalForm({
    available,
    attempt: "withdrawal-create",
    action: createWithdrawal,
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void queryClient.invalidateQueries({ queryKey: liveKeys.list("withdrawal") });
      if (data.outcome === "pending_approval") {
        hook.reset();
        toast.success("The withdrawal is waiting for a second approver.");
        return;
      }
      toast.success(data.replayed ? "This withdrawal had already been sent; opening it." : "Withdrawal sent to the provider.");
      router.push(`/withdrawals/${data.id}`);
    },
  });

  return (
    <div className="grid max-w-2xl gap-6">
      <WithdrawalForm
        hook={hook}
        ariaLabel="New withdrawal"
        testId="create-withdrawal-form"
        idPrefix="wd"
        testIdPrefix="withdrawal"
        available={available}
        balanceNote="the withdrawal balance"
        unknownNote={balancesError}
        title={(amount) => `Withdraw ${amount}?`}
        gap="gap-5"
      >
        <VelocityUsageLine usage={velocity} currency={"USD"} />
      </WithdrawalForm>

      {hook.waiting ? <PendingApprovalNote summary={hook.waiting} testId="withdrawal-pending" /> : null}
    </div>
  );
}
