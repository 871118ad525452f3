import "server-only";
import type { SecretMetadata } from "@/lib/vault";
import { maskSecret } from "@/lib/vault/crypto";
import { formatKeyAge, keyAgeDays, keyAgeNote, keyAgeState } from "@/lib/vault/key-age";
import { ENVIRONMENTS, SURFACES, WEBHOOK_SURFACES } from "@/lib/vault/schemas";
import type { EnvironmentView, SecretView } from "@/lib/vault/view-types";

function view(m: SecretMetadata, now: Date): SecretView {
  const ageDays = keyAgeDays(m.createdAt, now);
  const age = keyAgeState(ageDays);
  return {
    id: m.id,
    masked: maskSecret(m.prefix, m.last4),
    scopes: m.scopes,
    status: m.status,
    createdAt: m.createdAt,
    createdByName: m.createdBy?.name ?? null,
    lastUsedAt: m.lastUsedAt,
    revokedAt: m.revokedAt,
    revokedByName: m.revokedBy?.name ?? null,
    acceptUntil: m.acceptUntil,
    ageDays,
    age,
    ageLabel: formatKeyAge(ageDays),
    ageNote: keyAgeNote(age),
  };
}

/** Groups the vault's metadata (newest first) into the page's slots per environment. */
export function environmentViews(secrets: SecretMetadata[], now: Date = new Date()): EnvironmentView[] {
  return ENVIRONMENTS.map((environment) => {
    const mine = secrets.filter((s) => s.environment === environment);
    return {
      environment,
      keys: SURFACES.map((surface) => {
        const keys = mine.filter((s) => s.kind === "api_key" && s.surface === surface);
        const active = keys.find((s) => s.status === "active");
        const lastRevoked = active ? undefined : keys.find((s) => s.status === "revoked");
        return { surface, active: active ? view(active, now) : null, lastRevoked: lastRevoked ? view(lastRevoked, now) : null };
      }),
      webhooks: WEBHOOK_SURFACES.map((surface) => {
        // Only the slot an admin sets here. A Pro webhook's own secret is managed with its webhook
        // (Pro -> Webhooks): listed here it would pose as this slot's active secret, and replacing or
        // revoking it from this page would silently break that webhook's deliveries.
        const secretsHere = mine.filter((s) => s.kind === "webhook_secret" && s.surface === surface && s.webhookId === null);
        const active = secretsHere.find((s) => s.status === "active");
        const inWindow = secretsHere.filter((s) => s.status === "previous" && s.acceptUntil !== null && s.acceptUntil > now);
        return { surface, active: active ? view(active, now) : null, inWindow: inWindow.map((s) => view(s, now)) };
      }),
    };
  });
}
