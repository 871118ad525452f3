/**
 * The row a sealed secret is stored as, shared by the vault (server) and the demo seeding script,
 * so both write records the same way; and the row as a plain SQL client reads it back, for the
 * master-key rotation script and the e2e check that no secret leaks. No `server-only`: scripts
 * run it under tsx.
 */
import crypto from "node:crypto";
import {
  encrypt,
  last4Of,
  prefixOf,
  type MasterKeyRing,
  type RecordBinding,
  type Sealed,
  type VaultEnvironment,
  type VaultKind,
  type VaultSurface,
} from "./crypto";

export interface NewSecret {
  organizationId: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: VaultKind;
  value: string;
  scopes: string[];
  createdById: string | null;
  /** The Pro webhook owning a webhook secret; absent for the unowned slot and for API keys. */
  webhookId?: string | null;
}

/** Column values for a new active record; the id is chosen here because the ciphertext is bound to it. */
export function sealedRecord(ring: MasterKeyRing, s: NewSecret) {
  const id = crypto.randomUUID();
  const sealed = encrypt(ring, s.value, { recordId: id, organizationId: s.organizationId, environment: s.environment, surface: s.surface, kind: s.kind });
  return {
    id,
    organizationId: s.organizationId,
    environment: s.environment,
    surface: s.surface,
    kind: s.kind,
    status: "active" as const,
    scopes: s.scopes,
    keyId: sealed.keyId,
    nonce: new Uint8Array(sealed.nonce),
    ciphertext: new Uint8Array(sealed.ciphertext),
    authTag: new Uint8Array(sealed.authTag),
    prefix: prefixOf(s.value),
    last4: last4Of(s.value),
    createdById: s.createdById,
    webhookId: s.webhookId ?? null,
  };
}

/** A vault_secrets row as `SELECT ${SEALED_COLUMNS}` reads it with node-postgres. */
export interface SealedRow {
  id: string;
  organization_id: string;
  environment: VaultEnvironment;
  surface: VaultSurface;
  kind: VaultKind;
  key_id: string;
  nonce: Buffer;
  ciphertext: Buffer;
  auth_tag: Buffer;
}

export const SEALED_COLUMNS =
  "id, organization_id, environment::text AS environment, surface::text AS surface, kind::text AS kind, key_id, nonce, ciphertext, auth_tag";

/** What the row's ciphertext is bound to: decrypting it for another record fails. */
export const bindingOf = (r: SealedRow): RecordBinding => ({
  recordId: r.id,
  organizationId: r.organization_id,
  environment: r.environment,
  surface: r.surface,
  kind: r.kind,
});

export const sealedOf = (r: SealedRow): Sealed => ({ keyId: r.key_id, nonce: r.nonce, ciphertext: r.ciphertext, authTag: r.auth_tag });
