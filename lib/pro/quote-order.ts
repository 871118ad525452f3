"use server";
/**
 * Asks the provider for a limit-order quote (estimated price, total and fee) for the ticket's review
 * step. Nothing is placed. The app makes the limit order's `client_order_id` here and sends it with
 * the quote: the spec wants "the same value sent when requesting the quote" on the order, and the
 * documented quote answer carries no id, so the order goes out with this one and the quote's
 * `estimated_fee` unchanged as `max_taker_fee`.
 */
import { randomUUID } from "node:crypto";
import { defineAction } from "@/lib/server-actions/safe-action";
import { quoteOrderSchema, type QuoteView } from "@/lib/pro/schema";

export const quoteProOrder = defineAction(
  { name: "pro.order.quote", permission: "order:trade", input: quoteOrderSchema },
  async ({ input, upstream }): Promise<QuoteView> => {
    // A fresh id per quote: a re-quote (new terms, or after a refusal) never reuses an id the
    // provider may already have tied to another order.
    const clientOrderId = input.type === "limit" ? randomUUID() : null;
    const r = await upstream.pro.quoteOrder({
      symbol: input.symbol,
      side: input.side,
      type: input.type,
      quantity: input.quantity,
      ...(input.type === "limit" ? { price: input.price } : {}),
      ...(clientOrderId ? { client_order_id: clientOrderId } : {}),
    });
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
      client_order_id: clientOrderId,
    };
  },
);
