/**
 * Approval kind `coins_crypto_withdrawal`: a crypto send from the Coins balance to a saved address
 * (`POST /coins/v1/crypto-withdrawals`). Sent with the request's attempt key as the idempotency
 * key, so an approval retried after an unknown outcome is a ledger retry, never a second send.
 */
import "server-only";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatAsset } from "@/lib/coins/format";
import { withdrawalHref } from "@/lib/coins/views";
import { cryptoWithdrawalPayloadSchema } from "@/lib/coins/schema";

const short = (address: string) => (address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-4)}` : address);

export const coinsCryptoWithdrawal = defineExecutor("coins_crypto_withdrawal", {
  label: "Coins crypto withdrawal",
  payloadSchema: cryptoWithdrawalPayloadSchema,
  describe: (p) => ({
    summary: `Send ${formatAsset(p.amount, p.asset)} on ${p.chain} to ${p.label ? `${p.label} (${short(p.address)})` : short(p.address)} from the Coins balance`,
    amount: p.amount,
    currency: p.asset,
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.coins.createCryptoWithdrawal(
      { address_id: payload.address_id, asset: payload.asset, chain: payload.chain, amount: payload.amount },
      { attemptKey, userId },
    );
    return { resourceId: r.data.id, status: r.data.status, replayed: r.replayed ?? false };
  },
  detailHref: (id) => withdrawalHref("crypto", id),
});
