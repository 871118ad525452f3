import type { KeyAgeState } from "@/lib/vault/key-age";
import type { Environment, Surface, WebhookSurface } from "@/lib/vault/schemas";

/** What the page sends to the browser about one key or secret: metadata only, never the value. */
export interface SecretView {
  id: string;
  masked: string;
  scopes: string[];
  status: "active" | "previous" | "revoked";
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedByName: string | null;
  acceptUntil: Date | null;
  /** Whole days since it was added, counted on the server so both renders agree. */
  ageDays: number;
  age: KeyAgeState;
  /** "85 days", and why the key is marked (null when it is not). */
  ageLabel: string;
  ageNote: string | null;
}

export interface KeySlotView {
  surface: Surface;
  /** The key in use, or null. */
  active: SecretView | null;
  /** The most recently revoked key, shown when no key is active. */
  lastRevoked: SecretView | null;
}

export interface WebhookSlotView {
  surface: WebhookSurface;
  active: SecretView | null;
  /** Replaced secrets still accepted (inside their rotation window). */
  inWindow: SecretView[];
}

export interface EnvironmentView {
  environment: Environment;
  keys: KeySlotView[];
  webhooks: WebhookSlotView[];
}
