/**
 * Approval kind `balance_withdrawal`: the balances page's on-chain stablecoin send from the
 * withdrawal balance (`POST /v1/merchant/balance/withdraw`). The body is the documented merchant
 * withdrawal body (amounts as decimal strings), checked by the withdrawal form's own rules. Sent
 * with the request's attempt key, so an approval retried after the provider answered is a ledger
 * replay, never a second withdrawal.
 */
import "server-only";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatMoney } from "@/lib/money";
import { withdrawalPayloadSchema } from "@/lib/withdrawals/schema";

const short = (address: string) => (address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address);

export const balanceWithdrawal = defineExecutor("balance_withdrawal", {
  label: "Withdrawal from balance",
  payloadSchema: withdrawalPayloadSchema,
  describe: (p) => ({
    summary: `Withdraw ${formatMoney(p.amount_usd, "USD")} from the withdrawal balance as ${p.token} on ${p.chain} to ${short(p.destination_address)}`,
    amount: p.amount_usd,
    currency: "USD",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.core.withdrawFromBalance(payload, { attemptKey, userId });
    return { resourceId: r.data.data.transaction_id, status: "PENDING", replayed: r.replayed ?? false };
  },
});
