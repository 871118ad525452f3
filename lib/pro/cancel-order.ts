"use server";
/** Cancels one working Pro order (only new, open and partially filled orders can be cancelled). */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { cancelOrderSchema } from "@/lib/pro/schema";

export const cancelProOrder = defineAction(
  { name: "pro.order.cancel", permission: "order:trade", input: cancelOrderSchema },
  async ({ input, user, upstream, attempt, audit }) => {
    await upstream.pro.cancelOrder(input.orderId, attempt!);
    await db.$transaction((tx) =>
      audit(tx, {
        action: "pro_order.cancelled",
        targetType: "pro_order",
        targetId: input.orderId,
        environment: user.environment,
        after: { status: "cancelled" },
      }),
    );
    revalidatePath("/pro/orders");
    return { orderId: input.orderId };
  },
);
