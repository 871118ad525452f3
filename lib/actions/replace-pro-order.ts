"use server";
/**
 * Replaces the price and/or quantity of a working limit order. The provider keeps the order's fee
 * cap unless told otherwise; a higher price or quantity that would exceed it is refused with
 * TAKER_FEE_CAP_EXCEEDED, explained on the form.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { replaceOrderSchema } from "@/lib/pro/schema";
import { UpstreamError } from "@/lib/upstream/errors";

export const replaceProOrder = defineAction({ name: "pro.order.replace", permission: "order:trade", input: replaceOrderSchema }, async ({ input, user, upstream, attempt, audit }) => {
  let r;
  try {
    r = await upstream.pro.replaceOrder(input.orderId, { ...(input.price ? { price: input.price } : {}), ...(input.quantity ? { quantity: input.quantity } : {}) }, attempt!);
  } catch (err) {
    if (err instanceof UpstreamError && err.code.toUpperCase() === "TAKER_FEE_CAP_EXCEEDED") {
      const sentence = "The order's fee cap (the fee reviewed when it was placed) does not cover this new price or quantity. Keep the change smaller, or cancel and place a new order with a fresh quote.";
      throw new ActionError(sentence, input.price ? { price: sentence } : { quantity: sentence });
    }
    if (err instanceof UpstreamError && err.code.toUpperCase() === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { quantity: err.userMessage });
    throw err;
  }
  const o = r.data;
  await db.$transaction((tx) =>
    audit(tx, { action: "pro_order.replaced", targetType: "pro_order", targetId: input.orderId, environment: user.environment, after: { price: o.price ?? null, requested_quantity: o.requested_quantity } }),
  );
  revalidatePath("/pro/orders");
  return { orderId: o.order_id, price: o.price ?? null, quantity: o.requested_quantity, replayed: r.replayed === true };
});
