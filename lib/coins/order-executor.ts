/**
 * Approval kind `coins_order`: a market order on the Coins surface (`POST /coins/v1/orders`). Its
 * amount is what the order spends (a buy, in the quote asset) or sells (a sell, in the base
 * asset), so that asset's threshold applies. Sent with the request's attempt key as the
 * idempotency key, so a retried send is a ledger retry, never a second order.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatAsset } from "@/lib/coins/format";

const asset = z.string().regex(/^[A-Z0-9]{2,12}$/);

export const coinsOrderPayload = z
  .object({ side: z.enum(["buy", "sell"]), base_asset: asset, quote_asset: asset, amount: z.string().regex(/^\d{1,20}(?:\.\d{1,18})?$/) })
  .strict();

export const coinsOrder = defineExecutor("coins_order", {
  label: "Coins order",
  payloadSchema: coinsOrderPayload,
  describe: (p) => {
    const spent = p.side === "buy" ? p.quote_asset : p.base_asset;
    return {
      summary:
        p.side === "buy"
          ? `Buy ${p.base_asset} with ${formatAsset(p.amount, spent)} on ${p.base_asset}-${p.quote_asset}`
          : `Sell ${formatAsset(p.amount, spent)} for ${p.quote_asset} on ${p.base_asset}-${p.quote_asset}`,
      amount: p.amount,
      currency: spent,
    };
  },
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.coins.placeOrder(payload, { attemptKey, userId });
    return { resourceId: r.data.id, status: r.data.status, replayed: r.replayed ?? false };
  },
});
