"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { requestControlChange, type ControlPending } from "@/lib/approvals/controls";
import { db } from "@/lib/db";
import { rotateOutboundSecret } from "@/lib/review/outbound-secret";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { setOutboundWebhookSchema } from "@/lib/review/schemas";
import { outboundPolicy, urlFieldProblem } from "@/lib/security/outbound-address";

type Saved = { url: string | null; enabled: boolean; secret: string | null };

/**
 * An admin sets where the team's final review decisions are sent in the current environment. A
 * signing secret is generated the first time (or on request) and returned once, never again.
 *
 * A new or different address sends the team's decisions somewhere new, so it waits for a second
 * person (lib/approvals/controls.ts), checked again when applied. Switching sending on or off and a
 * new signing secret apply at once: neither sends anything to a new place.
 */
export const setOutboundWebhook = defineAction(
  { name: "outbound_webhook.set", permission: "settings:manage", input: setOutboundWebhookSchema },
  async ({ input, user, audit, request }): Promise<Saved | (Saved & ControlPending)> => {
    ensureOutboundWorker();
    const url = new URL(input.url);
    // Production decisions leave the building: they must travel encrypted.
    if (user.environment === "production" && url.protocol !== "https:") {
      throw new ActionError("Some fields need attention.", { url: "Production needs an https:// address." });
    }
    // Checked after DNS here, again when a new address is applied, and on every send (a name may resolve differently later).
    const problem = await urlFieldProblem(url, outboundPolicy(user.environment));
    if (problem) throw new ActionError("Some fields need attention.", { url: problem });
    const key = { organizationId: user.organizationId, environment: user.environment };
    const current = await db.outboundWebhook.findUnique({ where: { organizationId_environment: key } });
    if (current?.url !== url.toString()) {
      // The secret only signs; without the new address it sends nothing anywhere, so it is handled now
      // and shown to the requester alone, never to the approver.
      const rotated = await db.$transaction(async (tx) => {
        const r = await rotateOutboundSecret(tx, { ...key, actorId: user.id, onlyIfMissing: !input.newSecret });
        if (r) {
          await audit(tx, {
            action: "outbound_webhook.secret_set",
            targetType: "outbound_webhook",
            targetId: user.environment,
            environment: user.environment,
            after: { secret: { prefix: r.prefix, last4: r.last4 }, replacedSecret: r.replaced },
          });
        }
        return r;
      });
      const pending = await requestControlChange({
        kind: "control_outbound_webhook",
        payload: { environment: user.environment, url: url.toString(), enabled: input.enabled, before: current?.url ?? null },
        user,
        environment: user.environment,
        request,
      });
      revalidatePath("/settings/outbound-webhook");
      return { url: current?.url ?? null, enabled: current?.enabled ?? input.enabled, secret: rotated?.secret ?? null, ...pending };
    }
    const done = await db.$transaction(async (tx) => {
      const after = await tx.outboundWebhook.update({
        where: { organizationId_environment: key },
        data: { enabled: input.enabled, updatedById: user.id },
      });
      const rotated = await rotateOutboundSecret(tx, { ...key, actorId: user.id, onlyIfMissing: !input.newSecret });
      await audit(tx, {
        action: "outbound_webhook.set",
        targetType: "outbound_webhook",
        targetId: user.environment,
        environment: user.environment,
        before: { url: current.url, enabled: current.enabled },
        after: {
          url: after.url,
          enabled: after.enabled,
          ...(rotated ? { secret: { prefix: rotated.prefix, last4: rotated.last4 }, replacedSecret: rotated.replaced } : {}),
        },
      });
      return { url: after.url, enabled: after.enabled, secret: rotated?.secret ?? null };
    });
    revalidatePath("/settings/outbound-webhook");
    return done;
  },
);
