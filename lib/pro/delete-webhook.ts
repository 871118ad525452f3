"use server";
/** Deletes a Pro webhook: the provider stops delivering to it at once, and the intake stops accepting its secrets. */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { revokeProWebhookSecrets } from "@/lib/pro/webhook-secret";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";

export const deleteProWebhook = defineAction(
  { name: "pro.webhook.delete", permission: "settings:manage", input: webhookIdSchema },
  async ({ input, user, upstream, attempt, audit }) => {
    await upstream.pro.deleteWebhook(input.id, attempt!);
    await revokeProWebhookSecrets(user, audit, input.id);
    revalidatePath("/pro/webhooks");
    return { id: input.id };
  },
);
