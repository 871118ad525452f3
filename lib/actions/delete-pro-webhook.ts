"use server";
/** Deletes a Pro webhook: the provider stops delivering to it at once. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";

export const deleteProWebhook = defineAction({ name: "pro.webhook.delete", permission: "settings:manage", input: webhookIdSchema }, async ({ input, user, upstream, attempt, audit }) => {
  await upstream.pro.deleteWebhook(input.id, attempt!);
  await db.$transaction((tx) => audit(tx, { action: "pro_webhook.deleted", targetType: "pro_webhook", targetId: input.id, environment: user.environment }));
  revalidatePath("/pro/webhooks");
  return { id: input.id };
});
