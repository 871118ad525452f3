"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";

/**
 * Stop sending final decisions anywhere in the current environment: the saved address is removed at
 * once (it tightens, so nobody else needs to approve). Deliveries already queued keep their address
 * and still go out, each checked again when sent.
 */
export const removeOutboundWebhook = defineAction(
  { name: "outbound_webhook.remove", permission: "settings:manage", input: z.object({}) },
  async ({ user, audit }) => {
    const key = { organizationId: user.organizationId, environment: user.environment };
    const removed = await db.$transaction(async (tx) => {
      const before = await tx.outboundWebhook.findUnique({ where: { organizationId_environment: key } });
      if (!before) return false;
      await tx.outboundWebhook.delete({ where: { organizationId_environment: key } });
      await audit(tx, {
        action: "outbound_webhook.removed",
        targetType: "outbound_webhook",
        targetId: user.environment,
        environment: user.environment,
        before: { url: before.url, enabled: before.enabled },
        after: null,
      });
      return true;
    });
    revalidatePath("/settings/outbound-webhook");
    return { removed };
  },
);
