"use server";
/** Cancels a pending Coins order; the provider refuses (409) once it has executed, and says so. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { cancelOrderSchema } from "@/lib/coins/schema";
import { db } from "@/lib/db";

export const cancelCoinsOrder = defineAction(
  { name: "coins.order.cancel", permission: "order:trade", input: cancelOrderSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<{ id: string; status: string }> => {
    const r = await upstream.coins.cancelOrder(input.id, attempt!);
    if (!r.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "coins_order.cancelled",
          targetType: "coins_order",
          targetId: input.id,
          environment: user.environment,
          after: { status: r.data.status },
        }),
      );
    }
    revalidatePath(`/coins/orders/${input.id}`);
    return { id: r.data.id, status: r.data.status };
  },
);
