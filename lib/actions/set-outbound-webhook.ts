"use server";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { rotateOutboundSecret } from "@/lib/review/outbound-secret";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { setOutboundWebhookSchema } from "@/lib/review/schemas";
import { outboundPolicy, urlFieldProblem } from "@/lib/security/outbound-address";

/**
 * An admin sets where the team's final review decisions are sent in the current environment. A
 * signing secret is generated the first time (or on request) and returned once, never again.
 */
export const setOutboundWebhook = defineAction(
  { name: "outbound_webhook.set", permission: "settings:manage", input: setOutboundWebhookSchema },
  async ({ input, user, audit }) => {
    ensureOutboundWorker();
    const url = new URL(input.url);
    // Production decisions leave the building: they must travel encrypted.
    if (user.environment === "production" && url.protocol !== "https:") {
      throw new ActionError("Some fields need attention.", { url: "Production needs an https:// address." });
    }
    // Checked after DNS here, and again on every send (a name may resolve differently later).
    const problem = await urlFieldProblem(url, outboundPolicy(user.environment));
    if (problem) throw new ActionError("Some fields need attention.", { url: problem });
    return db.$transaction(async (tx) => {
      const key = { organizationId: user.organizationId, environment: user.environment };
      const before = await tx.outboundWebhook.findUnique({ where: { organizationId_environment: key } });
      const after = await tx.outboundWebhook.upsert({
        where: { organizationId_environment: key },
        create: { ...key, url: url.toString(), enabled: input.enabled, updatedById: user.id },
        update: { url: url.toString(), enabled: input.enabled, updatedById: user.id },
      });
      const rotated = await rotateOutboundSecret(tx, { ...key, actorId: user.id, onlyIfMissing: !input.newSecret });
      await audit(tx, {
        action: "outbound_webhook.set",
        targetType: "outbound_webhook",
        targetId: user.environment,
        environment: user.environment,
        before: before ? { url: before.url, enabled: before.enabled } : null,
        after: {
          url: after.url,
          enabled: after.enabled,
          ...(rotated ? { secret: { prefix: rotated.prefix, last4: rotated.last4 }, replacedSecret: rotated.replaced } : {}),
        },
      });
      return { url: after.url, enabled: after.enabled, secret: rotated?.secret ?? null };
    });
  },
);
