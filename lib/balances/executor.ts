/**
 * Approval kind `balance_move`: moves USD from the collection balance to the withdrawal balance
 * (`POST /v1/merchant/balance/transfer`). Sent with the request's attempt key, so an approval
 * retried after an unknown outcome is a ledger retry, never a second move.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { usdAmount } from "@/lib/balances/move-schema";
import { formatMoney } from "@/lib/money";

export const balanceMovePayload = z.object({ amount_usd: usdAmount }).strict();

export const balanceMove = defineExecutor("balance_move", {
  label: "Balance move",
  payloadSchema: balanceMovePayload,
  describe: (p) => ({
    summary: `Move ${formatMoney(p.amount_usd, "USD")} from the collection balance to the withdrawal balance`,
    amount: p.amount_usd,
    currency: "USD",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.core.transferBalance({ amount_usd: payload.amount_usd }, { attemptKey, userId });
    const m = r.data.data;
    const b = m.balance;
    return {
      resourceId: m.id,
      status: String(m.status),
      amountUsd: m.amount_usd,
      createdAt: m.created_at ?? null,
      replayed: r.replayed ?? false,
      balance: b
        ? {
            collectionUsd: b.collection_balance_usd,
            withdrawalUsd: b.withdrawal_balance_usd,
            withdrawalNgn: b.withdrawal_balance_ngn ?? null,
            updatedAt: b.updated_at ?? null,
          }
        : null,
    };
  },
});
