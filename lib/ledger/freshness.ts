import "server-only";
/**
 * What a page says about the copy it shows: how fresh the list is ("synced 4 s ago") and how far
 * its history has loaded; and the two things a page can ask of the sync: "someone is looking at
 * this list" (swept every 5 s for a minute) and "Refresh" (a sweep of the list at once).
 */
import { db } from "@/lib/db";
import { enqueue, hasten } from "@/lib/jobs/queue";
import { budgetSentence } from "@/lib/upstream/errors";
import { defaultUpstreamClient } from "@/lib/upstream";
import { LEDGER_SWEEP, type LedgerSweepData } from "./job-names";
import { kindDef } from "./kinds";
import type { LedgerScope } from "./store";

export interface ListFreshness {
  /** When the list was last read from the provider (its newest page); null before the first sweep. */
  syncedAt: Date | null;
  backfill: { done: boolean; read: number; total: number | null };
  /** Why the list is not moving, as a sentence for the page: the provider refused the last read (a refused key, a frozen merchant, a missing scope), or no key reads it. */
  error: string | null;
  /** Set while a new key of the list's surface waits for its account check (account-check.ts): until then the copy may be the old account's. */
  checkFrom: Date | null;
}

/** The page's sentence when no key reads the list: the copy stays as it was, and says why. */
export const NO_KEY_SENTENCE = "No API key reads this list now, so it is not being refreshed. An admin can add one under Settings → API keys.";

/** On every list view: one statement, the list's sync state, whether a key reads it, and whether that key is being checked. */
export async function listFreshness(scope: LedgerScope, kind: string): Promise<ListFreshness> {
  const surface = kindDef(kind)?.surface ?? null;
  const [s] = await db.$queryRaw<
    {
      lastSweptAt: Date | null;
      backfillRead: number | null;
      backfillTotal: number | null;
      finished: boolean;
      lastError: string | null;
      keyed: boolean;
      checkFrom: Date | null;
    }[]
  >`
    SELECT s.last_swept_at AS "lastSweptAt", s.backfill_read AS "backfillRead", s.backfill_total AS "backfillTotal",
      s.backfill_finished_at IS NOT NULL AS finished, s.last_error AS "lastError",
      (${surface}::text IS NULL OR EXISTS (
        SELECT 1 FROM vault_secrets v
         WHERE v.organization_id = ${scope.organizationId}::uuid AND v.environment = ${scope.environment}::"Environment"
           AND v.surface::text = ${surface}::text AND v.kind = 'api_key' AND v.status = 'active')) AS keyed,
      (SELECT ca.check_from FROM copy_accounts ca
        WHERE ca.organization_id = ${scope.organizationId}::uuid AND ca.environment = ${scope.environment}::"Environment"
          AND ca.surface::text = ${surface}::text) AS "checkFrom"
    FROM (SELECT 1) AS one
    LEFT JOIN sync_states s
      ON s.organization_id = ${scope.organizationId}::uuid AND s.environment = ${scope.environment}::"Environment" AND s.kind = ${kind}`;
  return {
    syncedAt: s?.lastSweptAt ?? null,
    backfill: { done: s?.finished === true, read: s?.backfillRead ?? 0, total: s?.backfillTotal ?? null },
    error: s?.keyed === false ? NO_KEY_SENTENCE : (s?.lastError ?? null),
    checkFrom: s?.checkFrom ?? null,
  };
}

/** How long one page view keeps a list "watched". */
export const WATCH_MS = 60_000;
/** A list is marked again only once its mark has less than this left: at most one UPDATE per 15 s per list. */
const REMARK_BELOW_MS = 45_000;
// Per process, so the views of one instance cost no query at all in between.
const marked = new Map<string, number>();

/**
 * Notes that someone has the list open, so the sweep reads it every few seconds for the next
 * minute. A list that was not watched is swept at once.
 */
export async function markWatched(scope: LedgerScope, kind: string, now = Date.now()): Promise<void> {
  const k = `${scope.organizationId}:${scope.environment}:${kind}`;
  if ((marked.get(k) ?? 0) - now > REMARK_BELOW_MS) return;
  marked.set(k, now + WATCH_MS);
  if (marked.size > 10_000) for (const [key, until] of marked) if (until < now) marked.delete(key);
  const rows = await db.$queryRaw<{ was: Date | null }[]>`
    INSERT INTO sync_states AS s (organization_id, environment, kind, watched_until)
    VALUES (${scope.organizationId}::uuid, ${scope.environment}::"Environment", ${kind}, ${new Date(now + WATCH_MS)})
    ON CONFLICT (organization_id, environment, kind) DO UPDATE SET watched_until = EXCLUDED.watched_until
      WHERE s.watched_until IS NULL OR s.watched_until < ${new Date(now + REMARK_BELOW_MS)}
    RETURNING (SELECT watched_until FROM sync_states WHERE organization_id = ${scope.organizationId}::uuid AND environment = ${scope.environment}::"Environment" AND kind = ${kind}) AS was`;
  const was = rows[0]?.was;
  if (rows.length > 0 && (!was || was.getTime() < now)) {
    // The chain's next run may have been set for 22 s away: it runs now, and reads the lists due
    // oldest first, this one among them. A sweep job of its own per newly watched list was tried:
    // when a team arrived, twenty of them queued ahead of the chain and held it back for 30 s.
    await hasten(LEDGER_SWEEP, { organizationId: scope.organizationId, environment: scope.environment, reason: "schedule" } satisfies LedgerSweepData, 0);
  }
}

export type RefreshAnswer = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };

/** Asks for a sweep of the list now; refused, with a sentence, when its key's budget has no room for it. */
export async function requestRefresh(scope: LedgerScope, kind: string): Promise<RefreshAnswer> {
  const def = kindDef(kind);
  if (!def?.list) return { ok: false, message: "This list cannot be read from the provider on its own." };
  const room = await defaultUpstreamClient().budgetRoom(scope, def.surface, "watched");
  if (room === null) return { ok: false, message: "No API key is set for this list's provider surface. An admin can add one under Settings → API keys." };
  if (!room.allowed) {
    const retryAfterSeconds = Math.ceil(room.retryAfterMs / 1000);
    return { ok: false, message: budgetSentence(retryAfterSeconds), retryAfterSeconds };
  }
  await enqueue(LEDGER_SWEEP, { ...scope, kinds: [kind], reason: "refresh" } satisfies LedgerSweepData);
  return { ok: true };
}
