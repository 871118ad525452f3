/**
 * Approval kind `merchant_withdrawal`: an on-chain stablecoin send from the withdrawal balance
 * (`POST /v1/merchant/withdrawals`). Sent with the request's attempt key as the idempotency key, so
 * an approval retried after an unknown outcome is a ledger retry, never a second withdrawal.
 */
import "server-only";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatMoney } from "@/lib/money";
import { withdrawalPayloadSchema } from "@/lib/withdrawals/schema";

const short = (address: string) => (address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address);

export const merchantWithdrawal = defineExecutor("merchant_withdrawal", {
  label: "Merchant withdrawal",
  payloadSchema: withdrawalPayloadSchema,
  describe: (p) => ({
    summary: `Withdraw ${formatMoney(p.amount_usd, "USD")} as ${p.token} on ${p.chain} to ${short(p.destination_address)}`,
    amount: p.amount_usd,
    currency: "USD",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.core.createMerchantWithdrawal(payload, { attemptKey, userId });
    return { resourceId: r.data.data.transaction_id, status: "PENDING", replayed: r.replayed ?? false };
  },
});
