"use server";
/**
 * Cancels every working Pro order the provider lists as cancellable, one by one (the surface has no
 * bulk cancel). Each order gets its own attempt key derived from the form's, so a retry of this same
 * confirmation re-sends the same cancellations and never touches an order placed since.
 */
import { createHash } from "node:crypto";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { canChange } from "@/lib/pro/labels";
import { cancelAllSchema } from "@/lib/pro/schema";
import { UpstreamError } from "@/lib/upstream/errors";

/** A stable UUID-shaped key per (form attempt, order), so every order's cancel is its own ledger row. */
function keyFor(attemptKey: string, orderId: string): string {
  const h = createHash("sha256").update(`${attemptKey}:${orderId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const cancelAllProOrders = defineAction(
  { name: "pro.order.cancel_all", permission: "order:trade", input: cancelAllSchema },
  async ({ input, user, upstream, audit }) => {
    const cancelled: string[] = [];
    const failed: { orderId: string; reason: string }[] = [];
    // Working orders in pages of 100 (the provider's maximum); the list shrinks as they are cancelled.
    const open = [];
    for (let offset = 0; ; offset += 100) {
      const page = await upstream.pro.listOpenOrders({ limit: 100, offset }, { cache: false });
      open.push(...page.data.orders);
      if (!page.data.has_more || page.data.orders.length === 0) break;
    }
    for (const order of open.filter((o) => canChange(o.status))) {
      try {
        await upstream.pro.cancelOrder(order.order_id, { attemptKey: keyFor(input.attemptKey, order.order_id), userId: user.id });
        cancelled.push(order.order_id);
      } catch (err) {
        if (!(err instanceof UpstreamError)) throw err;
        failed.push({ orderId: order.order_id, reason: err.userMessage });
      }
    }
    if (cancelled.length > 0) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "pro_order.cancelled_all",
          targetType: "pro_order",
          targetId: null,
          environment: user.environment,
          after: { cancelled, failed: failed.map((f) => f.orderId) },
        }),
      );
    }
    revalidatePath("/pro/orders");
    return { cancelled: cancelled.length, failed, skipped: open.length - cancelled.length - failed.length };
  },
);
