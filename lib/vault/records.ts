/**
 * The row a sealed secret is stored as, shared by the vault (server) and the demo seeding script,
 * so both write records the same way. No `server-only`: scripts run it under tsx.
 */
import crypto from "node:crypto";
import { encrypt, last4Of, prefixOf, type MasterKeyRing, type VaultEnvironment, type VaultKind, type VaultSurface } from "./crypto";

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
