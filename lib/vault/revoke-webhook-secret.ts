"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import * as vault from "@/lib/vault";
import { revokeWebhookSecretSchema } from "@/lib/vault/schemas";

/** Stops accepting a webhook secret at once: the active one, or an old one inside its rotation window (e.g. it leaked). */
export const revokeWebhookSecret = defineAction(
  { name: "revoke-webhook-secret", permission: "keys:manage", input: revokeWebhookSecretSchema },
  async ({ input, user, audit }) => {
    try {
      const revoked = await db.$transaction(async (tx) => {
        const m = await vault.revokeSecret(tx, { organizationId: user.organizationId, id: input.id, kind: "webhook_secret", actorId: user.id });
        await audit(tx, {
          action: "vault.webhook_secret_revoked",
          targetType: "webhook_secret",
          targetId: m.id,
          environment: m.environment,
          before: vault.auditView(m),
        });
        return m;
      });
      revalidatePath("/settings/api-keys");
      return { id: revoked.id };
    } catch (err) {
      if (err instanceof vault.VaultError) throw new ActionError(err.message);
      throw err;
    }
  },
);
