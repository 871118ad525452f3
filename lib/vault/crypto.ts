/**
 * The vault's cryptography, with no database and no `server-only` so that command-line scripts
 * (master-key rotation, demo seeding) share exactly the code the app uses.
 *
 * Each value is sealed with AES-256-GCM under a master key named by a short id, with a fresh
 * 12-byte random nonce, and with additional authenticated data naming the record it belongs to:
 * a ciphertext copied onto another row (another organization, environment, surface or kind, or
 * another record id) fails its authentication check instead of decrypting.
 */
import crypto from "node:crypto";
import type { Environment as PrismaEnvironment } from "@/lib/generated/prisma/enums";

export const NONCE_BYTES = 12;
export const MASTER_KEY_BYTES = 32;
const ALGORITHM = "aes-256-gcm";
const AAD_VERSION = "merchant-ops/vault/v1";

/** The Prisma enum: the two environments are declared once, in the schema. */
export type VaultEnvironment = PrismaEnvironment;
export type VaultSurface = "core" | "coins" | "stocks" | "pro";
export type VaultKind = "api_key" | "webhook_secret" | "outbound_webhook_secret";

export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The current key encrypts; every key in the ring (current and previous) can decrypt. */
export interface MasterKeyRing {
  current: MasterKey;
  byId: ReadonlyMap<string, MasterKey>;
}

/** What a ciphertext is bound to. */
export interface RecordBinding {
  recordId: string;
  organizationId: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: VaultKind;
}

export interface Sealed {
  keyId: string;
  nonce: Buffer;
  ciphertext: Buffer;
  authTag: Buffer;
}

/** Raised for configuration and decryption failures. Messages never carry key material. */
export class VaultCryptoError extends Error {
  override name = "VaultCryptoError";
}

const KEY_ID = /^[A-Za-z0-9._-]{1,40}$/;

function decodeMasterKey(id: string, base64: string, variable: string): MasterKey {
  if (!KEY_ID.test(id)) throw new VaultCryptoError(`${variable}: the key id must be 1 to 40 letters, digits, dots, dashes or underscores.`);
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== MASTER_KEY_BYTES) {
    throw new VaultCryptoError(`${variable}: the key for id "${id}" must be exactly 32 bytes in base64 (e.g. \`openssl rand -base64 32\`).`);
  }
  return { id, key };
}

/**
 * Builds the key ring from the environment: VAULT_MASTER_KEY (+ VAULT_MASTER_KEY_ID, default
 * "k1") encrypts; VAULT_PREVIOUS_MASTER_KEYS (comma-separated `<id>:<base64>`) only decrypts,
 * so rows not yet re-encrypted keep working while a rotation runs.
 */
export function masterKeyRingFromEnv(source: Record<string, string | undefined> = process.env): MasterKeyRing {
  const value = source.VAULT_MASTER_KEY?.trim();
  if (!value) throw new VaultCryptoError("VAULT_MASTER_KEY is missing: set it to 32 random bytes in base64 (e.g. `openssl rand -base64 32`).");
  const current = decodeMasterKey(source.VAULT_MASTER_KEY_ID?.trim() || "k1", value, "VAULT_MASTER_KEY");
  const previous = parsePreviousKeys(source.VAULT_PREVIOUS_MASTER_KEYS ?? "");
  return makeKeyRing(current, previous);
}

export function parsePreviousKeys(value: string): MasterKey[] {
  return value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(":");
      if (colon <= 0) throw new VaultCryptoError("VAULT_PREVIOUS_MASTER_KEYS: write each key as <id>:<base64>, separated by commas.");
      return decodeMasterKey(part.slice(0, colon), part.slice(colon + 1), "VAULT_PREVIOUS_MASTER_KEYS");
    });
}

export function makeKeyRing(current: MasterKey, previous: MasterKey[] = []): MasterKeyRing {
  const byId = new Map<string, MasterKey>();
  for (const k of previous) {
    const existing = byId.get(k.id);
    if (existing && !existing.key.equals(k.key)) throw new VaultCryptoError(`Two different master keys share the id "${k.id}".`);
    byId.set(k.id, k);
  }
  const clash = byId.get(current.id);
  if (clash && !clash.key.equals(current.key)) {
    throw new VaultCryptoError(`VAULT_PREVIOUS_MASTER_KEYS holds a different key under the current id "${current.id}": give the new key a new id.`);
  }
  byId.set(current.id, current);
  return { current, byId };
}

/** The authenticated data: every field that places the value on its row. */
export function aadFor(b: RecordBinding): Buffer {
  return Buffer.from([AAD_VERSION, b.recordId, b.organizationId, b.environment, b.surface, b.kind].join("|"), "utf8");
}

export function encryptWith(masterKey: MasterKey, plaintext: string, binding: RecordBinding): Sealed {
  const nonce = crypto.randomBytes(NONCE_BYTES);
  const cipher = crypto.createCipheriv(ALGORITHM, masterKey.key, nonce);
  cipher.setAAD(aadFor(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { keyId: masterKey.id, nonce, ciphertext, authTag: cipher.getAuthTag() };
}

export function encrypt(ring: MasterKeyRing, plaintext: string, binding: RecordBinding): Sealed {
  return encryptWith(ring.current, plaintext, binding);
}

export function decrypt(ring: MasterKeyRing, sealed: Sealed, binding: RecordBinding): string {
  const masterKey = ring.byId.get(sealed.keyId);
  if (!masterKey) {
    throw new VaultCryptoError(
      `Vault record ${binding.recordId} is encrypted under master key "${sealed.keyId}", which is not configured: add it to VAULT_PREVIOUS_MASTER_KEYS or finish the rotation.`,
    );
  }
  if (sealed.nonce.length !== NONCE_BYTES || sealed.authTag.length !== 16) {
    throw new VaultCryptoError(`Vault record ${binding.recordId} is malformed (nonce or tag length).`);
  }
  try {
    const decipher = crypto.createDecipheriv(ALGORITHM, masterKey.key, sealed.nonce);
    decipher.setAAD(aadFor(binding));
    decipher.setAuthTag(sealed.authTag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    // GCM's check failed: the row was altered, moved, or the key under that id is not the one used.
    throw new VaultCryptoError(
      `Vault record ${binding.recordId} failed its integrity check: it was altered, moved to another row, or "${sealed.keyId}" is the wrong key.`,
    );
  }
}

/** Decrypts under whichever configured key sealed it and seals again under `target`. */
export function reencrypt(ring: MasterKeyRing, sealed: Sealed, binding: RecordBinding, target: MasterKey): Sealed {
  return encryptWith(target, decrypt(ring, sealed, binding), binding);
}

/** Known key prefixes, longest first so `sk_sandbox_` wins over a shorter match. */
export const KNOWN_PREFIXES = ["sk_sandbox_", "daya_sk_", "sk_live_", "whsec_"] as const;

/** The non-secret prefix shown in the UI ("" when the value has none we know). */
export function prefixOf(value: string): string {
  return KNOWN_PREFIXES.find((p) => value.startsWith(p)) ?? "";
}

export function last4Of(value: string): string {
  return value.slice(-4);
}

/** `sk_sandbox_…1b3d`: what people see instead of a key. */
export function maskSecret(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

/** A fresh 32-byte webhook signing secret, hex encoded. */
export function generateWebhookSecret(): string {
  return crypto.randomBytes(32).toString("hex");
}
