"use server";
/** Resumes a paused (or disabled) Pro webhook: the provider delivers to it again. */
import { defineAction } from "@/lib/server-actions/safe-action";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";
import { setProWebhookStatus } from "@/lib/pro/webhook-status";

export const resumeProWebhook = defineAction({ name: "pro.webhook.resume", permission: "settings:manage", input: webhookIdSchema }, (ctx) =>
  setProWebhookStatus(ctx, "active"),
);
