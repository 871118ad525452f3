/**
 * Approval kind `pro_order`: a limit or market order on the Pro surface (`POST /public/v1/orders`).
 * Its size is the quantity in the base asset, which all symbols settle in one unified USD balance,
 * so the threshold that applies is the organization's USD limit for Pro orders (or for any kind).
 * A limit order is sent with the `client_order_id` the app sent with its reviewed quote (stored in
 * the payload, so the approver's send uses the same id) and the quote's `estimated_fee` (as
 * `max_taker_fee`, unchanged); a market order carries the ledger's idempotency key as its
 * `client_order_id`. Either way a retried send is a replay, never a second order.
 */
import "server-only";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import { orderPayloadSchema } from "@/lib/pro/schema";

export const proOrder = defineExecutor("pro_order", {
  label: "Pro order (quantity in USD)",
  payloadSchema: orderPayloadSchema,
  describe: (p) => ({
    summary: `${p.side === "buy" ? "Buy" : "Sell"} ${formatQuantity(p.quantity)} on ${p.symbol}, ${p.type === "limit" && "price" in p && p.price ? `limit at ${formatNgn(p.price)}` : "market order"}`,
    amount: p.quantity,
    currency: "USD",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.pro.placeOrder(payload, { attemptKey, userId });
    const order = r.data;
    return { resourceId: order.order_id, status: order.status, rejectionReason: order.rejection_reason || null, replayed: r.replayed ?? false };
  },
});
