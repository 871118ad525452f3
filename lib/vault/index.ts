import "server-only";
/**
 * The vault: the only code that stores, decrypts or replaces API keys and webhook secrets.
 * Everything else gets metadata (prefix, last four, who, when) or, for the upstream client and the
 * webhook intake, the plaintext it needs for one request and never persists.
 *
 * Writes take the caller's transaction, so the change and its audit row commit together, and hold
 * a transaction-scoped advisory lock per slot (organization, environment, surface, kind, and for a
 * Pro webhook's secret the webhook id): two admins adding a key at the same moment cannot leave two
 * active keys in one slot. Each Pro webhook has its own secret, so its slot is its own: storing one
 * webhook's secret never demotes another's.
 */
import { db, type Tx } from "@/lib/db";
import { env } from "@/lib/env";
import type { SecretKind, SecretStatus } from "@/lib/generated/prisma/client";
import { decrypt, masterKeyRingFromEnv, type MasterKeyRing, type VaultEnvironment, type VaultSurface } from "./crypto";
import { sealedRecord, type NewSecret } from "./records";
import { WEBHOOK_ROTATION_WINDOW_MS, type Scope } from "./schemas";

export type { VaultEnvironment, VaultSurface } from "./crypto";

/** An expected refusal; the message is a sentence for the admin. */
export class VaultError extends Error {
  override name = "VaultError";
  constructor(
    readonly code: "slot_taken" | "not_found" | "not_active" | "same_value",
    message: string,
  ) {
    super(message);
  }
}

let ring: MasterKeyRing | undefined;
/** The master keys from the validated environment, read once: the vault's and every other sealed secret's. */
export function masterKeyRing(): MasterKeyRing {
  const e = env();
  ring ??= masterKeyRingFromEnv({
    VAULT_MASTER_KEY: e.VAULT_MASTER_KEY,
    VAULT_MASTER_KEY_ID: e.VAULT_MASTER_KEY_ID,
    VAULT_PREVIOUS_MASTER_KEYS: e.VAULT_PREVIOUS_MASTER_KEYS,
  });
  return ring;
}

export interface SecretMetadata {
  id: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: SecretKind;
  /** Never `held`: a held key is not a key in use, and no metadata read returns one. */
  status: Exclude<SecretStatus, "held">;
  scopes: string[];
  prefix: string;
  last4: string;
  createdAt: Date;
  createdBy: { id: string; name: string } | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedBy: { id: string; name: string } | null;
  acceptUntil: Date | null;
  /** The Pro webhook owning this webhook secret; null for the slot set under Settings -> API keys. */
  webhookId: string | null;
}

/** What an audit row may say about a secret: never the value. */
export function auditView(m: Pick<SecretMetadata, "environment" | "surface" | "prefix" | "last4" | "scopes" | "kind">) {
  return m.kind === "api_key"
    ? { environment: m.environment, surface: m.surface, prefix: m.prefix, last4: m.last4, scopes: m.scopes }
    : { environment: m.environment, surface: m.surface, prefix: m.prefix, last4: m.last4 };
}

// Every column except the sealed value, so a metadata read can never carry it by accident.
const METADATA = {
  id: true,
  organizationId: true,
  environment: true,
  surface: true,
  kind: true,
  status: true,
  scopes: true,
  prefix: true,
  last4: true,
  createdAt: true,
  createdById: true,
  lastUsedAt: true,
  revokedAt: true,
  revokedById: true,
  acceptUntil: true,
  webhookId: true,
} as const;

type MetadataRow = {
  id: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: SecretKind;
  status: SecretStatus;
  scopes: string[];
  prefix: string;
  last4: string;
  createdAt: Date;
  createdById: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedById: string | null;
  acceptUntil: Date | null;
  webhookId: string | null;
};

function toMetadata(row: MetadataRow, names: Map<string, string> = new Map()): SecretMetadata {
  if (row.status === "held") throw new Error("A held key has no metadata view: it is not a key in use.");
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? "A former teammate" } : null);
  return {
    id: row.id,
    environment: row.environment,
    surface: row.surface,
    kind: row.kind,
    status: row.status,
    scopes: row.scopes,
    prefix: row.prefix,
    last4: row.last4,
    createdAt: row.createdAt,
    createdBy: person(row.createdById),
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
    revokedBy: person(row.revokedById),
    acceptUntil: row.acceptUntil,
    webhookId: row.webhookId,
  };
}

async function lockSlot(
  tx: Tx,
  organizationId: string,
  environment: VaultEnvironment,
  surface: VaultSurface,
  kind: SecretKind,
  webhookId: string | null = null,
) {
  const slot = `vault:${organizationId}:${environment}:${surface}:${kind}${webhookId === null ? "" : `:${webhookId}`}`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${slot}, 0))`;
}

async function insertSecret(tx: Tx, s: NewSecret): Promise<SecretMetadata> {
  return toMetadata(await tx.vaultSecret.create({ data: sealedRecord(masterKeyRing(), s), select: METADATA }));
}

type SealedRow = {
  id: string;
  organizationId: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: SecretKind;
  keyId: string;
  nonce: Uint8Array;
  ciphertext: Uint8Array;
  authTag: Uint8Array;
};

function open(row: SealedRow): string {
  return decrypt(
    masterKeyRing(),
    { keyId: row.keyId, nonce: Buffer.from(row.nonce), ciphertext: Buffer.from(row.ciphertext), authTag: Buffer.from(row.authTag) },
    { recordId: row.id, organizationId: row.organizationId, environment: row.environment, surface: row.surface, kind: row.kind },
  );
}

async function activeInSlot(
  tx: Tx | typeof db,
  organizationId: string,
  environment: VaultEnvironment,
  surface: VaultSurface,
  kind: SecretKind,
  webhookId: string | null = null,
) {
  return tx.vaultSecret.findFirst({
    where: { organizationId, environment, surface, kind, webhookId, status: "active" },
    orderBy: { createdAt: "desc" },
  });
}

const SLOT_TAKEN = "This surface already has an active key in this environment. Use Replace to swap it, or revoke it first.";

/** Stores a checked API key in an empty slot. */
export async function addApiKey(
  tx: Tx,
  input: { organizationId: string; environment: VaultEnvironment; surface: VaultSurface; key: string; scopes: readonly Scope[]; actorId: string },
): Promise<SecretMetadata> {
  await lockSlot(tx, input.organizationId, input.environment, input.surface, "api_key");
  if (await activeInSlot(tx, input.organizationId, input.environment, input.surface, "api_key")) throw new VaultError("slot_taken", SLOT_TAKEN);
  return insertSecret(tx, { ...input, kind: "api_key", value: input.key, scopes: [...input.scopes], createdById: input.actorId });
}

/**
 * Seals a key that waits for a second person's approval (status `held`): never used for a request,
 * never listed, never decrypted but by `openHeldApiKey` when the approval applies it. Returns only
 * its id and last four characters.
 */
export async function holdApiKey(
  tx: Tx,
  input: { organizationId: string; environment: VaultEnvironment; surface: VaultSurface; key: string; scopes: readonly Scope[]; actorId: string },
): Promise<{ id: string; last4: string }> {
  const record = {
    ...sealedRecord(masterKeyRing(), { ...input, kind: "api_key", value: input.key, scopes: [...input.scopes], createdById: input.actorId }),
    status: "held" as const,
  };
  await tx.vaultSecret.create({ data: record });
  return { id: record.id, last4: record.last4 };
}

/** The plaintext of a held key and who asked for it, for the approval that applies it; null once it was destroyed. */
export async function openHeldApiKey(organizationId: string, id: string): Promise<{ key: string; requestedById: string | null } | null> {
  const row = await db.vaultSecret.findFirst({ where: { id, organizationId, kind: "api_key", status: "held" } });
  return row ? { key: open(row), requestedById: row.createdById } : null;
}

/** Deletes held keys (ciphertext and all): on approval once stored for use, on rejection, cancel or expiry. */
export async function destroyHeldApiKeys(tx: Tx | typeof db, organizationId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const { count } = await tx.vaultSecret.deleteMany({ where: { id: { in: ids }, organizationId, kind: "api_key", status: "held" } });
  return count;
}

/** Whether `key` is the value already stored in this active key's record (a replace would change nothing). */
export async function isStoredValue(organizationId: string, id: string, key: string): Promise<boolean> {
  const row = await db.vaultSecret.findFirst({ where: { id, organizationId, kind: "api_key", status: "active" } });
  return row !== null && open(row) === key;
}

/** Puts a new key in the slot of an active one; the old one is revoked in the same transaction. */
export async function replaceApiKey(
  tx: Tx,
  input: { organizationId: string; id: string; key: string; scopes: readonly Scope[]; actorId: string },
): Promise<{ before: SecretMetadata; after: SecretMetadata }> {
  const old = await tx.vaultSecret.findFirst({ where: { id: input.id, organizationId: input.organizationId, kind: "api_key" } });
  if (!old) throw new VaultError("not_found", "This key no longer exists. Reload the page.");
  await lockSlot(tx, old.organizationId, old.environment, old.surface, "api_key");
  const current = await tx.vaultSecret.findUniqueOrThrow({ where: { id: old.id } });
  if (current.status !== "active") throw new VaultError("not_active", "This key was revoked meanwhile. Reload the page and add a new key instead.");
  if (open(current) === input.key) throw new VaultError("same_value", "This is the key already stored here. Paste the new key.");
  const revoked = await tx.vaultSecret.update({
    where: { id: current.id },
    data: { status: "revoked", revokedAt: new Date(), revokedById: input.actorId },
    select: METADATA,
  });
  const after = await insertSecret(tx, {
    organizationId: current.organizationId,
    environment: current.environment,
    surface: current.surface,
    kind: "api_key",
    value: input.key,
    scopes: [...input.scopes],
    createdById: input.actorId,
  });
  return { before: toMetadata(revoked), after };
}

/** Revokes an API key, or ends a webhook secret (active or in its rotation window) at once. */
export async function revokeSecret(tx: Tx, input: { organizationId: string; id: string; kind: SecretKind; actorId: string }): Promise<SecretMetadata> {
  const row = await tx.vaultSecret.findFirst({
    where: { id: input.id, organizationId: input.organizationId, kind: input.kind, status: { not: "held" } },
    select: METADATA,
  });
  if (!row)
    throw new VaultError(
      "not_found",
      input.kind === "api_key" ? "This key no longer exists. Reload the page." : "This secret no longer exists. Reload the page.",
    );
  await lockSlot(tx, input.organizationId, row.environment, row.surface, row.kind, row.webhookId);
  const updated = await tx.vaultSecret.updateMany({
    where: { id: row.id, status: { in: ["active", "previous"] } },
    data: { status: "revoked", revokedAt: new Date(), revokedById: input.actorId },
  });
  if (updated.count === 0) throw new VaultError("not_active", input.kind === "api_key" ? "This key is already revoked." : "This secret is already revoked.");
  return toMetadata(await tx.vaultSecret.findUniqueOrThrow({ where: { id: row.id }, select: METADATA }));
}

/**
 * Stores a webhook signing secret, in the slot of its Pro webhook when `webhookId` is given. A secret
 * already active in that slot stays accepted, as `previous`, for the rotation window, so deliveries
 * signed before the provider switched still verify.
 */
export async function setWebhookSecret(
  tx: Tx,
  input: {
    organizationId: string;
    environment: VaultEnvironment;
    surface: "core" | "pro";
    secret: string;
    actorId: string | null;
    webhookId?: string;
    now?: Date;
  },
): Promise<{ before: SecretMetadata | null; after: SecretMetadata }> {
  const webhookId = input.webhookId ?? null;
  await lockSlot(tx, input.organizationId, input.environment, input.surface, "webhook_secret", webhookId);
  const current = await activeInSlot(tx, input.organizationId, input.environment, input.surface, "webhook_secret", webhookId);
  let before: SecretMetadata | null = null;
  if (current) {
    if (open(current) === input.secret) throw new VaultError("same_value", "This is the secret already in use. Paste the new secret.");
    const acceptUntil = new Date((input.now ?? new Date()).getTime() + WEBHOOK_ROTATION_WINDOW_MS);
    before = toMetadata(await tx.vaultSecret.update({ where: { id: current.id }, data: { status: "previous", acceptUntil }, select: METADATA }));
  }
  const after = await insertSecret(tx, {
    organizationId: input.organizationId,
    environment: input.environment,
    surface: input.surface,
    kind: "webhook_secret",
    value: input.secret,
    scopes: [],
    createdById: input.actorId,
    webhookId,
  });
  return { before, after };
}

/**
 * Ends at once every secret of a Pro webhook (the active one and any still in its rotation window):
 * the webhook is gone, so nothing signed with its secrets may be accepted any more.
 */
export async function revokeWebhookSecrets(
  tx: Tx,
  input: { organizationId: string; environment: VaultEnvironment; surface: "core" | "pro"; webhookId: string; actorId: string },
): Promise<SecretMetadata[]> {
  await lockSlot(tx, input.organizationId, input.environment, input.surface, "webhook_secret", input.webhookId);
  const live = await tx.vaultSecret.findMany({
    where: {
      organizationId: input.organizationId,
      environment: input.environment,
      surface: input.surface,
      kind: "webhook_secret",
      webhookId: input.webhookId,
      status: { in: ["active", "previous"] },
    },
    select: { id: true },
  });
  const ids = live.map((r) => r.id);
  if (ids.length === 0) return [];
  await tx.vaultSecret.updateMany({ where: { id: { in: ids } }, data: { status: "revoked", revokedAt: new Date(), revokedById: input.actorId } });
  const rows = await tx.vaultSecret.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: "desc" }, select: METADATA });
  return rows.map((r) => toMetadata(r));
}

/**
 * The key the upstream client sends for this slot, or null when none is active. One indexed raw
 * query (measured at a sixth of the ORM query's time); the upstream client keeps the answer a few
 * seconds (lib/upstream/key-provider.ts), so a revoked key stops being used within that time.
 */
export async function getActiveApiKey(
  organizationId: string,
  environment: VaultEnvironment,
  surface: VaultSurface,
): Promise<{ id: string; key: string; scopes: string[]; prefix: string; last4: string } | null> {
  const rows = await db.$queryRaw<Array<SealedRow & { scopes: string[]; prefix: string; last4: string }>>`
    SELECT id::text AS id, organization_id::text AS "organizationId", environment::text AS environment, surface::text AS surface,
           kind::text AS kind, key_id AS "keyId", nonce, ciphertext, auth_tag AS "authTag", scopes, prefix, last4
      FROM vault_secrets
     WHERE organization_id = ${organizationId}::uuid AND environment = ${environment}::"Environment" AND surface = ${surface}::"Surface"
       AND kind = 'api_key' AND status = 'active'
     ORDER BY created_at DESC
     LIMIT 1`;
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, key: open(row), scopes: row.scopes, prefix: row.prefix, last4: row.last4 };
}

const USED_RESOLUTION_MS = 60_000;
const lastMarked = new Map<string, number>();

/**
 * Records that a key was used. Cheap on the hot path: this process skips the database when it
 * marked the key in the last minute, and the conditional UPDATE keeps every instance together to
 * at most one row write per key per minute.
 */
export async function markKeyUsed(id: string, now: Date = new Date()): Promise<void> {
  const t = now.getTime();
  const previous = lastMarked.get(id);
  if (previous !== undefined && t - previous < USED_RESOLUTION_MS) return;
  lastMarked.set(id, t);
  if (lastMarked.size > 10_000) lastMarked.clear(); // bounded: keys are few, ids of revoked ones linger
  const cutoff = new Date(t - USED_RESOLUTION_MS);
  await db.$executeRaw`UPDATE vault_secrets SET last_used_at = ${now} WHERE id = ${id}::uuid AND (last_used_at IS NULL OR last_used_at < ${cutoff})`;
}

/**
 * Every secret a webhook signature may be checked against: the active one of every slot (the
 * unowned one and each Pro webhook's), newest first, and those replaced less than the rotation
 * window ago, newest first.
 */
export async function getWebhookSecretSets(
  organizationId: string,
  environment: VaultEnvironment,
  surface: "core" | "pro",
  now: Date = new Date(),
): Promise<{ active: string[]; previous: string[] }> {
  const rows = await db.vaultSecret.findMany({
    where: {
      organizationId,
      environment,
      surface,
      kind: "webhook_secret",
      OR: [{ status: "active" }, { status: "previous", acceptUntil: { gt: now } }],
    },
    orderBy: { createdAt: "desc" },
  });
  return { active: rows.filter((r) => r.status === "active").map(open), previous: rows.filter((r) => r.status === "previous").map(open) };
}

/** The same secrets in one list: the active ones first. */
export async function getWebhookSecrets(
  organizationId: string,
  environment: VaultEnvironment,
  surface: "core" | "pro",
  now: Date = new Date(),
): Promise<string[]> {
  const sets = await getWebhookSecretSets(organizationId, environment, surface, now);
  return [...sets.active, ...sets.previous];
}

/** Metadata of every key and secret of the organization (revoked ones too, held ones not), newest first. */
export async function listSecrets(organizationId: string): Promise<SecretMetadata[]> {
  // Held keys wait for approval: they are the Approvals inbox's to show, not a key in use.
  const rows = await db.vaultSecret.findMany({ where: { organizationId, status: { not: "held" } }, orderBy: { createdAt: "desc" }, select: METADATA });
  const ids = [...new Set(rows.flatMap((r) => [r.createdById, r.revokedById]).filter((v): v is string => v !== null))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  return rows.map((r) => toMetadata(r, names));
}
