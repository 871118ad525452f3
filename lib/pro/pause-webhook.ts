"use server";
/** Pauses a Pro webhook: the provider stops delivering to it until it is resumed. */
import { defineAction } from "@/lib/server-actions/safe-action";
import { webhookIdSchema } from "@/lib/pro/webhook-schema";
import { setProWebhookStatus } from "@/lib/pro/webhook-status";

export const pauseProWebhook = defineAction({ name: "pro.webhook.pause", permission: "settings:manage", input: webhookIdSchema }, (ctx) =>
  setProWebhookStatus(ctx, "paused"),
);
