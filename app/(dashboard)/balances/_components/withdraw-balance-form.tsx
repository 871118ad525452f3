"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { PendingApprovalNote } from "@/components/page/pending-approval-note";
import { Link } from "@/components/ui/link";
import { useWithdrawalForm, WithdrawalForm } from "@/components/forms/withdrawal-fields";
import { withdrawFromBalance } from "@/lib/withdrawals/withdraw-from-balance";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import type { CreateWithdrawalResult } from "@/lib/withdrawals/schema";
import { BALANCES_KEY, useBalances, type FreshBalances } from "@/components/page/balance-cards";

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
  const [result, setResult] = useState<CreateWithdrawalResult | null>(null);
  const hook = useWithdrawalForm({
    available,
    attempt: "balance-withdraw",
    action: withdrawFromBalance,
    onSuccess: (data, values) => {
      setResult(data);
      hook.reset();
      toast.success(
        data.outcome === "pending_approval"
          ? "The withdrawal is waiting for a second approver."
          : data.replayed
            ? "This withdrawal had already been sent."
            : `Withdrawal of ${formatMoney(values.amount, "USD")} sent to the provider.`,
      );
      void queryClient.invalidateQueries({ queryKey: BALANCES_KEY });
      void queryClient.invalidateQueries({ queryKey: liveKeys.list("withdrawal") });
    },
  });

  return (
    <div className="grid gap-4">
      <WithdrawalForm
        hook={hook}
        ariaLabel="Withdraw from balance"
        testId="withdraw-balance-form"
        idPrefix="bw"
        testIdPrefix="withdraw-balance"
        available={available}
        balanceNote="the withdrawal balance shown above"
        title={(amount) => `Withdraw ${amount} from the withdrawal balance?`}
        gap="gap-4"
      />

      {hook.waiting ? <PendingApprovalNote summary={hook.waiting} testId="withdraw-balance-pending" /> : null}
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
