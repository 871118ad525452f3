"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import * as vault from "@/lib/vault";
import { maskSecret } from "@/lib/vault/crypto";
import { setWebhookSecretSchema } from "@/lib/vault/schemas";

/**
 * Sets the webhook signing secret of a surface. Replacing one is a rotation: the old secret is
 * still accepted for 24 hours, so deliveries signed before the provider switched still verify.
 */
export const setWebhookSecret = defineAction(
  { name: "set-webhook-secret", permission: "keys:manage", input: setWebhookSecretSchema },
  async ({ input, user, audit }) => {
    try {
      const { before, after } = await db.$transaction(async (tx) => {
        const change = await vault.setWebhookSecret(tx, {
          organizationId: user.organizationId,
          environment: input.environment,
          surface: input.surface,
          secret: input.secret,
          actorId: user.id,
        });
        await audit(tx, {
          action: change.before ? "vault.webhook_secret_rotated" : "vault.webhook_secret_set",
          targetType: "webhook_secret",
          targetId: change.after.id,
          environment: change.after.environment,
          before: change.before ? { id: change.before.id, ...vault.auditView(change.before), acceptUntil: change.before.acceptUntil?.toISOString() } : null,
          after: vault.auditView(change.after),
        });
        return change;
      });
      revalidatePath("/settings/api-keys");
      return { id: after.id, masked: maskSecret(after.prefix, after.last4), previousAcceptedUntil: before?.acceptUntil?.toISOString() ?? null };
    } catch (err) {
      if (err instanceof vault.VaultError) throw new ActionError(err.message, err.code === "same_value" ? { secret: err.message } : undefined);
      throw err;
    }
  },
);
