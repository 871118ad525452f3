"use server";
/**
 * Asks the provider for a limit-order quote (estimated price, total and fee) for the ticket's review
 * step. Nothing is placed; the quote's `client_order_id` and `estimated_fee` go back with the order.
 */
import { defineAction } from "@/lib/actions/safe-action";
import { quoteOrderSchema, type QuoteView } from "@/lib/pro/schema";

export const quoteProOrder = defineAction({ name: "pro.order.quote", permission: "order:trade", input: quoteOrderSchema }, async ({ input, upstream }): Promise<QuoteView> => {
  const r = await upstream.pro.quoteOrder({ symbol: input.symbol, side: input.side, type: input.type, quantity: input.quantity, ...(input.type === "limit" ? { price: input.price } : {}) });
  const q = r.data;
  return {
    symbol: q.symbol,
    side: q.side,
    type: q.type,
    quantity: q.quantity,
    price: q.price || null,
    estimated_price: q.estimated_price || null,
    estimated_total: q.estimated_total || null,
    // Kept exactly as the provider wrote it: it is sent back unchanged as max_taker_fee.
    estimated_fee: q.estimated_fee ?? null,
    client_order_id: q.client_order_id ?? null,
  };
});
