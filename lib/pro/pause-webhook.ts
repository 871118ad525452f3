"use server";
/** Pauses a Pro webhook: the provider stops delivering to it until it is resumed. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";

export const pauseProWebhook = defineAction(
  { name: "pro.webhook.pause", permission: "settings:manage", input: webhookIdSchema },
  async ({ input, user, upstream, attempt, audit }) => {
    const r = await upstream.pro.updateWebhook(input.id, { status: "paused" }, attempt!);
    await db.$transaction((tx) =>
      audit(tx, {
        action: "pro_webhook.paused",
        targetType: "pro_webhook",
        targetId: input.id,
        environment: user.environment,
        after: { status: r.data.status },
      }),
    );
    revalidatePath("/pro/webhooks");
    return { id: r.data.id, status: r.data.status };
  },
);
