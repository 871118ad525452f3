"use server";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { redeliverOutboundSchema } from "@/lib/review/schemas";

/** Sends a delivery again now, to the address currently configured (it may have been corrected). */
export const redeliverOutbound = defineAction(
  { name: "outbound_webhook.redeliver", permission: "settings:manage", input: redeliverOutboundSchema },
  async ({ input, user, audit }) => {
    ensureOutboundWorker();
    return db.$transaction(async (tx) => {
      const d = await tx.outboundDelivery.findFirst({ where: { id: input.deliveryId, organizationId: user.organizationId, environment: user.environment } });
      if (!d) throw new ActionError("This delivery no longer exists in this environment. Reload the page.");
      const hook = await tx.outboundWebhook.findUnique({
        where: { organizationId_environment: { organizationId: user.organizationId, environment: user.environment } },
      });
      if (!hook) throw new ActionError("Set the outbound webhook address first.");
      const after = await tx.outboundDelivery.update({
        where: { id: d.id },
        data: { status: "pending", url: hook.url, nextAttemptAt: new Date(), lastError: null },
      });
      await audit(tx, {
        action: "outbound_webhook.redeliver",
        targetType: "outbound_delivery",
        targetId: d.id,
        environment: user.environment,
        before: { status: d.status, attempts: d.attempts, url: d.url },
        after: { status: after.status, url: after.url },
      });
      return { id: after.id, status: after.status };
    });
  },
);
