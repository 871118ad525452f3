"use server";
/**
 * Creates a Pro webhook. The provider answers its signing secret once: it goes straight into the
 * vault for the app's intake and is shown to the admin once, never logged or stored elsewhere.
 */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { storeProWebhookSecret } from "@/lib/pro/webhook-secret";
import { createWebhookSchema, type WebhookSecretResult } from "@/lib/pro/webhook-schema";

export const createProWebhook = defineAction(
  { name: "pro.webhook.create", permission: "settings:manage", input: createWebhookSchema },
  async ({ input, user, upstream, attempt, audit }): Promise<WebhookSecretResult> => {
    const r = await upstream.pro.createWebhook(
      { url: input.url, events: input.events, ...(input.description ? { description: input.description } : {}) },
      attempt!,
    );
    const w = r.data;
    // A replay from the ledger carries no secret (it was shown and stored the first time).
    const stored = w.secret ? await storeProWebhookSecret(user, audit, w, w.secret, "pro_webhook.created") : null;
    revalidatePath("/pro/webhooks");
    return { id: w.id, secret: w.secret ?? null, stored };
  },
);
