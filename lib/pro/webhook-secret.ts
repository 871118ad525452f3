/**
 * Keeps a Pro webhook's signing secret in the vault, so the app's own intake
 * (`/api/webhooks/<environment>/pro`) verifies deliveries signed with it. The vault holds one
 * active Pro secret per environment; the one it replaces stays accepted for the rotation window,
 * exactly as when an admin sets a secret under Settings → API keys.
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
    const change = await vault.setWebhookSecret(tx, { organizationId: user.organizationId, environment: user.environment, surface: "pro", secret, actorId: user.id });
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
