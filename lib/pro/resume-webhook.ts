"use server";
/** Resumes a paused (or disabled) Pro webhook: the provider delivers to it again. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";

export const resumeProWebhook = defineAction(
  { name: "pro.webhook.resume", permission: "settings:manage", input: webhookIdSchema },
  async ({ input, user, upstream, attempt, audit }) => {
    const r = await upstream.pro.updateWebhook(input.id, { status: "active" }, attempt!);
    await db.$transaction((tx) =>
      audit(tx, {
        action: "pro_webhook.resumed",
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
