"use server";
/** Changes a Pro webhook's URL (HTTPS only), events and description; only sent fields change. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { updateWebhookSchema } from "@/lib/pro/webhook-schema";

export const updateProWebhook = defineAction(
  { name: "pro.webhook.update", permission: "settings:manage", input: updateWebhookSchema },
  async ({ input, user, upstream, attempt, audit }) => {
    const r = await upstream.pro.updateWebhook(input.id, { url: input.url, events: input.events, description: input.description }, attempt!);
    await db.$transaction((tx) =>
      audit(tx, {
        action: "pro_webhook.updated",
        targetType: "pro_webhook",
        targetId: input.id,
        environment: user.environment,
        after: { url: r.data.url, events: r.data.events, description: r.data.description ?? "" },
      }),
    );
    revalidatePath("/pro/webhooks");
    return { id: r.data.id, status: r.data.status };
  },
);
