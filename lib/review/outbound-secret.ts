import "server-only";
/**
 * The signing secret of the outbound webhook, kept in the vault table like every other secret
 * (kind `outbound_webhook_secret`, surface `core`), sealed with the vault's own record format and
 * master key ring. The plaintext leaves this module only to sign a delivery, or once, in the
 * action's answer to the admin who generated it.
 */
import { db, type Tx } from "@/lib/db";
import { masterKeyRing } from "@/lib/vault";
import { decrypt, generateWebhookSecret } from "@/lib/vault/crypto";
import { sealedRecord } from "@/lib/vault/records";
import type { Environment } from "@/lib/generated/prisma/enums";

const KIND = "outbound_webhook_secret" as const;
const SURFACE = "core" as const;

async function lockSlot(tx: Tx, organizationId: string, environment: Environment) {
  // The same slot lock the vault takes, so two admins cannot leave two active secrets.
  const slot = `vault:${organizationId}:${environment}:${SURFACE}:${KIND}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${slot}, 0))`;
}

export interface OutboundSecretView {
  prefix: string;
  last4: string;
  createdAt: Date;
}

/** Metadata of the active secret (never the value), or null. */
export async function outboundSecretInfo(organizationId: string, environment: Environment): Promise<OutboundSecretView | null> {
  const row = await db.vaultSecret.findFirst({
    where: { organizationId, environment, surface: SURFACE, kind: KIND, status: "active" },
    orderBy: { createdAt: "desc" },
    select: { prefix: true, last4: true, createdAt: true },
  });
  return row;
}

/**
 * Generates and stores a new secret, revoking the old one in the same transaction; returns the
 * plaintext once. With `onlyIfMissing`, an existing secret is kept and null returned (checked under
 * the slot lock, so two admins saving the first address at once do not invalidate each other's copy).
 */
export async function rotateOutboundSecret(
  tx: Tx,
  input: { organizationId: string; environment: Environment; actorId: string; onlyIfMissing?: boolean },
): Promise<{ secret: string; prefix: string; last4: string; replaced: { prefix: string; last4: string } | null } | null> {
  await lockSlot(tx, input.organizationId, input.environment);
  const current = await tx.vaultSecret.findFirst({
    where: { organizationId: input.organizationId, environment: input.environment, surface: SURFACE, kind: KIND, status: "active" },
    select: { id: true, prefix: true, last4: true },
  });
  if (current && input.onlyIfMissing) return null;
  if (current) await tx.vaultSecret.update({ where: { id: current.id }, data: { status: "revoked", revokedAt: new Date(), revokedById: input.actorId } });
  const secret = generateWebhookSecret();
  const record = sealedRecord(masterKeyRing(), {
    organizationId: input.organizationId,
    environment: input.environment,
    surface: SURFACE,
    kind: KIND,
    value: secret,
    scopes: [],
    createdById: input.actorId,
  });
  await tx.vaultSecret.create({ data: record });
  return { secret, prefix: record.prefix, last4: record.last4, replaced: current ? { prefix: current.prefix, last4: current.last4 } : null };
}

/** The plaintext to sign with, or null when none is set. Only the delivery worker calls this. */
export async function activeOutboundSecret(organizationId: string, environment: Environment): Promise<string | null> {
  const row = await db.vaultSecret.findFirst({
    where: { organizationId, environment, surface: SURFACE, kind: KIND, status: "active" },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return null;
  return decrypt(
    masterKeyRing(),
    { keyId: row.keyId, nonce: Buffer.from(row.nonce), ciphertext: Buffer.from(row.ciphertext), authTag: Buffer.from(row.authTag) },
    { recordId: row.id, organizationId: row.organizationId, environment: row.environment, surface: row.surface, kind: row.kind },
  );
}
