/**
 * Approval kind `coins_fiat_withdrawal`: naira from the Coins balance to a Nigerian bank account
 * (`POST /coins/v1/fiat-withdrawals`), sent once with the request's attempt key.
 */
import "server-only";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { fiatWithdrawalPayloadSchema } from "@/lib/coins/schema";
import { withdrawalHref } from "@/lib/coins/views";
import { formatMoney } from "@/lib/money";

export const coinsFiatWithdrawal = defineExecutor("coins_fiat_withdrawal", {
  label: "Coins fiat withdrawal",
  payloadSchema: fiatWithdrawalPayloadSchema,
  describe: (p) => ({
    summary: `Withdraw ${formatMoney(p.amount, p.currency)} from the Coins balance to account ${p.account_number} at bank ${p.bank_code}`,
    amount: p.amount,
    currency: p.currency,
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.coins.createFiatWithdrawal(payload, { attemptKey, userId });
    return { resourceId: r.data.id, status: r.data.status, replayed: r.replayed ?? false };
  },
  detailHref: (id) => withdrawalHref("fiat", id),
});
