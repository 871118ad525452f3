"use server";
/**
 * Replaces the price and/or total quantity of a working limit order. A larger price or quantity
 * needs a larger fee cap, so the new terms are quoted first and, when the quote's estimated_fee is
 * above the order's current cap, that fee is sent unchanged as the new max_taker_fee (as at
 * placement). A refusal with TAKER_FEE_CAP_EXCEEDED is still explained on the form.
 *
 * A replace resizes the order like placing a new one, so it goes through the approvals engine on
 * its new total quantity: above the Pro order limit (or the 24-hour totals) it waits for a second
 * person, whose approval sends exactly these changes with the form's attempt key.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { db } from "@/lib/db";
import { Decimal } from "@/lib/decimal";
import { PRO_SYMBOLS } from "@/lib/pro/labels";
import { replaceOrderSchema } from "@/lib/pro/schema";
import { UpstreamError } from "@/lib/upstream/errors";

export const replaceProOrder = defineAction(
  { name: "pro.order.replace", permission: "order:trade", input: replaceOrderSchema },
  async ({ input, user, upstream, request, audit }) => {
    const current = (await upstream.pro.getOrder(input.orderId, { cache: false })).data;
    if (current.type !== "limit") throw new ActionError("Only limit orders can be replaced.");
    const price = input.price ?? current.price ?? "";
    const quantity = input.quantity ?? current.requested_quantity;
    const symbol = (PRO_SYMBOLS as readonly string[]).includes(current.symbol) ? current.symbol : "USD-NGN";
    const side = current.side === "sell" ? "sell" : "buy";
    const quote = (await upstream.pro.quoteOrder({ symbol, side, type: "limit", price, quantity })).data;
    const cap = quote.estimated_fee && new Decimal(quote.estimated_fee).gt(current.max_taker_fee || "0") ? quote.estimated_fee : undefined;
    // Judged on its new size like a new order: above the Pro order limit it waits for an approver.
    const changes = {
      ...(input.price ? { price: input.price } : {}),
      ...(input.quantity ? { quantity: input.quantity } : {}),
      ...(cap ? { max_taker_fee: cap } : {}),
    };
    let r;
    try {
      r = await submitMoneyMovement({
        kind: "pro_order_replace",
        payload: { order_id: input.orderId, symbol, side, price, quantity, changes },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
    } catch (err) {
      if (err instanceof UpstreamError && err.code.toUpperCase() === "TAKER_FEE_CAP_EXCEEDED") {
        const sentence =
          "The fee for these terms would exceed the fee cap the provider accepts for this order. Cancel it and place a new order with a fresh quote.";
        throw new ActionError(sentence, input.price ? { price: sentence } : { quantity: sentence });
      }
      if (err instanceof UpstreamError && err.code.toUpperCase() === "INSUFFICIENT_BALANCE")
        throw new ActionError(err.userMessage, { quantity: err.userMessage });
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval" as const, approvalId: r.requestId, summary: r.summary };
    // The approvals engine wrote the send's audit row; this one keeps the order's terms before and after.
    const o = r.result as { price: string | null; quantity: string; maxTakerFee: string | null; replayed: boolean };
    if (!o.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "pro_order.replaced",
          targetType: "pro_order",
          targetId: input.orderId,
          environment: user.environment,
          before: { price: current.price ?? null, requested_quantity: current.requested_quantity, max_taker_fee: current.max_taker_fee ?? null },
          after: { price: o.price, requested_quantity: o.quantity, max_taker_fee: o.maxTakerFee },
        }),
      );
    }
    revalidatePath("/pro/orders");
    return {
      outcome: "replaced" as const,
      orderId: input.orderId,
      price: o.price,
      quantity: o.quantity,
      maxTakerFee: o.maxTakerFee,
      replayed: o.replayed === true,
    };
  },
);
