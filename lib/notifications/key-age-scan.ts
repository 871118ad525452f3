import "server-only";
/**
 * Admins are told when an active API key reaches the reminder age (80 days) and again when it
 * passes 90: a daily scan, one notification per key and state (the dedupe key), so a key is
 * mentioned twice in its life at most. Only labels and ages go in the mail, never the key.
 */
import { db } from "@/lib/db";
import { agingKeyLabel, keyAgeDays, keyAgeState } from "@/lib/vault/key-age";
import { notify } from "./outbox";

export async function scanKeyAges(now: Date = new Date()): Promise<number> {
  const keys = await db.vaultSecret.findMany({
    where: { kind: "api_key", status: "active" },
    select: { id: true, organizationId: true, environment: true, surface: true, createdAt: true },
  });
  let n = 0;
  for (const k of keys) {
    const days = keyAgeDays(k.createdAt, now);
    const state = keyAgeState(days);
    if (state === "fresh") continue;
    const label = agingKeyLabel({ environment: k.environment, surface: k.surface, days, state });
    await db.$transaction((tx) =>
      notify(tx, {
        organizationId: k.organizationId,
        kind: "key_aging",
        dedupeKey: `key_aging:${k.id}:${state}`,
        data: { label, days, state, environment: k.environment },
      }),
    );
    n++;
  }
  return n;
}
