/**
 * Keeps a Pro webhook's signing secret in the vault, so the app's own intake
 * (`/api/webhooks/<environment>/pro`) verifies deliveries signed with it. The provider gives each
 * Pro webhook its own secret and several may point at the intake, so each is stored under its
 * webhook's id: rotating one demotes only that webhook's previous secret (accepted for the rotation
 * window), and the secret an admin sets under Settings → API keys is never touched.
 */
import "server-only";
import type { AuditEntry } from "@/lib/audit";
import type { CurrentUser } from "@/lib/auth/session";
import { db, type Tx } from "@/lib/db";
import * as vault from "@/lib/vault";
import { maskSecret } from "@/lib/vault/crypto";

export async function storeProWebhookSecret(
  user: CurrentUser,
  audit: (tx: Tx, entry: AuditEntry) => Promise<void>,
  webhook: { id: string; url: string },
  secret: string,
  action: "pro_webhook.created" | "pro_webhook.secret_rotated",
): Promise<string> {
  return db.$transaction(async (tx) => {
    const change = await vault.setWebhookSecret(tx, {
      organizationId: user.organizationId,
      environment: user.environment,
      surface: "pro",
      secret,
      actorId: user.id,
      webhookId: webhook.id,
    });
    await audit(tx, {
      action,
      targetType: "pro_webhook",
      targetId: webhook.id,
      environment: user.environment,
      after: { url: webhook.url, secret: vault.auditView(change.after), previousAcceptedUntil: change.before?.acceptUntil?.toISOString() ?? null },
    });
    return maskSecret(change.after.prefix, change.after.last4);
  });
}

/** Ends the deleted webhook's secrets at once, with the audit row of the deletion. */
export async function revokeProWebhookSecrets(user: CurrentUser, audit: (tx: Tx, entry: AuditEntry) => Promise<void>, webhookId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const ended = await vault.revokeWebhookSecrets(tx, {
      organizationId: user.organizationId,
      environment: user.environment,
      surface: "pro",
      webhookId,
      actorId: user.id,
    });
    await audit(tx, {
      action: "pro_webhook.deleted",
      targetType: "pro_webhook",
      targetId: webhookId,
      environment: user.environment,
      before: { secrets: ended.map(vault.auditView) },
    });
  });
}
