/**
 * Approval kind `pro_order_replace`: new terms for a working limit order (`PUT /public/v1/orders/{id}`).
 * A replace resizes an order like placing a new one, so it is judged on its new total quantity
 * against the Pro order limit (`thresholdKind`). The request keeps the order's side, symbol and
 * the resulting price and quantity for the approver, and sends only what changed. Sent with the
 * request's attempt key, so a retried send is a ledger retry, never a second replace.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatNgn, formatQuantity } from "@/lib/pro/format";

const decimal = z.string().regex(/^\d{1,15}(?:\.\d{1,8})?$/);

export const proOrderReplacePayload = z
  .object({
    order_id: z.uuid(),
    symbol: z.string().min(1).max(32),
    side: z.enum(["buy", "sell"]),
    /** The order's price and total quantity after the replace, as the approver reads them. */
    price: decimal,
    quantity: decimal,
    /** What is sent: only the fields that change, and a higher fee cap when the new terms need one. */
    changes: z.object({ price: decimal.optional(), quantity: decimal.optional(), max_taker_fee: decimal.optional() }).strict(),
  })
  .strict();
export type ProOrderReplacePayload = z.output<typeof proOrderReplacePayload>;

export const proOrderReplace = defineExecutor("pro_order_replace", {
  label: "Pro order replace (quantity in USD)",
  payloadSchema: proOrderReplacePayload,
  thresholdKind: "pro_order",
  describe: (p) => ({
    summary: `Replace order ${p.order_id.slice(0, 8)}: ${p.side === "buy" ? "buy" : "sell"} ${formatQuantity(p.quantity)} on ${p.symbol}, limit at ${formatNgn(p.price)}`,
    amount: p.quantity,
    currency: "USD",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.pro.replaceOrder(payload.order_id, payload.changes, { attemptKey, userId });
    const o = r.data;
    return {
      resourceId: o.order_id,
      status: o.status,
      price: o.price ?? null,
      quantity: o.requested_quantity,
      maxTakerFee: o.max_taker_fee ?? null,
      replayed: r.replayed ?? false,
    };
  },
});
