"use server";
/**
 * Rotates a Pro webhook's signing secret. The new secret goes into the vault for intake (the old one
 * stays accepted for the rotation window) and is shown to the admin once. Never re-sent on its own:
 * a second rotation would replace the secret just stored.
 */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { storeProWebhookSecret } from "@/lib/pro/webhook-secret";
import { webhookIdSchema, type WebhookSecretResult } from "@/lib/pro/webhook-schema";

export const rotateProWebhookSecret = defineAction(
  { name: "pro.webhook.rotate_secret", permission: "settings:manage", input: webhookIdSchema },
  async ({ input, user, upstream, attempt, audit }): Promise<WebhookSecretResult> => {
    const r = await upstream.pro.rotateWebhookSecret(input.id, attempt!);
    const w = r.data;
    const stored = w.secret ? await storeProWebhookSecret(user, audit, w, w.secret, "pro_webhook.secret_rotated") : null;
    revalidatePath("/pro/webhooks");
    return { id: w.id, secret: w.secret ?? null, stored };
  },
);
