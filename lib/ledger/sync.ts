import "server-only";
/**
 * The provider reads that keep the local copy fresh: a sweep of a list's newest pages, one step of
 * the backfill of its history, and a fetch of one object by id. Each stores what it read through
 * the one write path (store.ts), announces what changed (announce.ts) and notes its progress in
 * sync_states. The jobs (jobs.ts) decide when each runs and under which budget class.
 */
import { db } from "@/lib/db";
import { type Upstream, UpstreamError, upstreamFor } from "@/lib/upstream";
import { copyGate } from "./account-check";
import { announceChanges } from "./announce";
import { type AnyKindDef, idOf, kindDef, kindsOf } from "./kinds";
import { CopyAccountChanged, type CopyGeneration, type LedgerScope, type ObjectSource, storeObjects } from "./store";

/** Objects per list read: the provider's largest page, so history costs as few calls as it can. */
export const PAGE_LIMIT = 100;
/** A sweep reads older pages while a page brought changes, up to this many (the backfill covers the rest). */
export const MAX_SWEEP_PAGES = 3;
/** Objects left in a non-final state are re-read by id once they have not been confirmed for this long. */
export const STALE_OPEN_MS = 2 * 60_000;
/** At most this many such re-reads per kind and sweep, so a long tail of pending objects cannot eat the share. */
export const STALE_OPEN_PER_SWEEP = 3;
/** A kind the provider refused (frozen merchant, missing scope) is asked again only after this long. */
export const REFUSED_RETRY_MS = 5 * 60_000;

export type UpstreamFor = (scope: LedgerScope) => Upstream;
const defaultUpstream: UpstreamFor = (scope) => upstreamFor(scope);

/**
 * How a read of one kind ended: `ok`; `skip` (no key for its surface: nothing to do until one is
 * added, and pages say so from the vault); `refused` (a key the provider refuses, a frozen merchant,
 * a missing scope: recorded in sync_states.last_error for the page to show); `later` (budget share spent, 429 or 5xx: try again
 * after `retryAfterMs`; `key` when it is the key's minute that is spent, which every surface sharing the key shares);
 * `waiting` (the surface's key changed: its copy waits for the account check, account-check.ts).
 */
export type ReadOutcome =
  | { kind: "ok"; changed: number; pages: number }
  | { kind: "skip" }
  | { kind: "refused"; message: string }
  | { kind: "later"; retryAfterMs: number; key?: boolean }
  | { kind: "waiting"; retryAfterMs: number };

function outcomeOf(err: unknown): ReadOutcome {
  if (err instanceof CopyAccountChanged) return { kind: "waiting", retryAfterMs: 1_000 };
  if (!(err instanceof UpstreamError)) throw err;
  switch (err.kind) {
    case "no_key":
      return { kind: "skip" };
    case "unauthorized":
    case "frozen":
    case "missing_scope":
      return { kind: "refused", message: err.userMessage };
    case "rate_limited":
      return { kind: "later", retryAfterMs: Math.max(1_000, (err.retryAfterSeconds ?? 5) * 1000), key: true };
    case "unavailable":
    case "bad_response":
    case "in_progress":
      return { kind: "later", retryAfterMs: 15_000 };
    default:
      // A refusal of a read we built ourselves (validation, not found) is a bug here, not the merchant's.
      return { kind: "refused", message: err.userMessage };
  }
}

const stateKey = (scope: LedgerScope, kind: string) => [scope.organizationId, scope.environment, kind] as const;

async function noteState(scope: LedgerScope, kind: string, set: string, params: unknown[] = [], where = "true"): Promise<void> {
  const [org, env, k] = stateKey(scope, kind);
  await db.$executeRawUnsafe(
    `INSERT INTO sync_states (organization_id, environment, kind) VALUES ($1::uuid, $2::"Environment", $3) ON CONFLICT DO NOTHING`,
    org,
    env,
    k,
  );
  await db.$executeRawUnsafe(
    `UPDATE sync_states AS s SET ${set} WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND kind = $3 AND ${where}`,
    org,
    env,
    k,
    ...params,
  );
}

async function noteRefused(scope: LedgerScope, kind: string, message: string): Promise<void> {
  await noteState(scope, kind, `last_error = $4, last_error_at = now()`, [message]);
}

/** Stores objects of one kind, announces what changed; for Pro orders with fills, their trades too. */
async function storeAndAnnounce(
  up: Upstream,
  scope: LedgerScope,
  def: AnyKindDef,
  items: readonly object[],
  source: ObjectSource,
  generation: CopyGeneration,
  readAt: Date,
): Promise<number> {
  const r = await storeObjects(scope, def.kind, items, source, { guard: generation, readAt });
  await announceChanges(scope, def.kind, r.changed, r.changedAt);
  let changed = r.changed.length;
  if (def.kind === "pro_order") {
    const filled = new Set(r.changed.map((c) => c.providerId));
    for (const o of items as Record<string, unknown>[]) {
      const id = idOf(def, o);
      if (!id || !filled.has(id) || !Number(o.filled_quantity)) continue;
      const { data } = await up.pro.listOrderTrades(id, { cache: false });
      const t = await storeObjects(scope, "pro_trade", data.trades, source, { guard: generation });
      await announceChanges(scope, "pro_trade", t.changed, t.changedAt);
      changed += t.changed.length;
    }
  }
  return changed;
}

/**
 * Reads the newest page of a list, and older ones while a page brought changes; then re-reads by
 * id a few objects the copy holds in a non-final state that no page has confirmed for a while (an
 * old pending transfer is not on the newest page, but it still settles).
 */
export async function sweepKind(scope: LedgerScope, kind: string, up: Upstream = defaultUpstream(scope)): Promise<ReadOutcome> {
  const def = kindDef(kind);
  if (!def?.list) return { kind: "skip" };
  const gate = await copyGate(scope, def.surface);
  if (!gate.open) return { kind: "waiting", retryAfterMs: gate.retryAfterMs };
  let changed = 0;
  let pages = 0;
  try {
    let cursor: string | null = null;
    for (;;) {
      const readAt = new Date();
      const page = await def.list(up, { cursor, limit: PAGE_LIMIT });
      pages++;
      const n = await storeAndAnnounce(up, scope, def, page.items, "sweep", gate, readAt);
      changed += n;
      cursor = page.next;
      if (n === 0 || !cursor || pages >= MAX_SWEEP_PAGES) break;
    }
  } catch (err) {
    const o = outcomeOf(err);
    if (o.kind === "refused") await noteRefused(scope, kind, o.message);
    return o;
  }
  await noteState(scope, kind, `last_swept_at = now(), last_error = NULL, last_error_at = NULL${changed > 0 ? ", last_change_at = now()" : ""}`);
  return { kind: "ok", changed, pages };
}

/**
 * Re-reads by id the objects of a kind left in a non-final state and not confirmed for
 * STALE_OPEN_MS: one that changed below the newest pages (its webhook lost) is repaired here. Apart
 * from the sweep, so the lists' newest pages, which the freshness promise rests on, are read first.
 */
export async function refreshOpen(scope: LedgerScope, kind: string, up: Upstream = defaultUpstream(scope)): Promise<ReadOutcome> {
  const def = kindDef(kind);
  if (!def?.get || !def.final) return { kind: "skip" };
  const gate = await copyGate(scope, def.surface);
  if (!gate.open) return { kind: "waiting", retryAfterMs: gate.retryAfterMs };
  let changed = 0;
  try {
    const open = await db.syncedObject.findMany({
      where: {
        organizationId: scope.organizationId,
        environment: scope.environment,
        kind,
        status: { notIn: [...def.final] },
        NOT: { status: null },
        syncedAt: { lt: new Date(Date.now() - STALE_OPEN_MS) },
      },
      orderBy: { syncedAt: "asc" },
      take: STALE_OPEN_PER_SWEEP,
      select: { providerId: true },
    });
    for (const o of open) {
      try {
        const readAt = new Date();
        const { data } = await def.get(up, o.providerId);
        changed += await storeAndAnnounce(up, scope, def, [data as object], "sweep", gate, readAt);
      } catch (err) {
        // Gone at the provider (another environment's id, a deleted recipient): leave the copy as it is.
        if (!(err instanceof UpstreamError && err.kind === "not_found")) throw err;
      }
    }
  } catch (err) {
    const o = outcomeOf(err);
    if (o.kind === "refused") await noteRefused(scope, kind, o.message);
    return o;
  }
  return { kind: "ok", changed, pages: 0 };
}

export interface BackfillProgress {
  done: boolean;
  read: number;
  total: number | null;
}

/** Reads the next page of a kind's history from where the backfill stopped (resumable after a restart). */
export async function backfillStep(
  scope: LedgerScope,
  kind: string,
  up: Upstream = defaultUpstream(scope),
  limit = PAGE_LIMIT,
): Promise<ReadOutcome & { progress?: BackfillProgress }> {
  const def = kindDef(kind);
  if (!def?.list) {
    await noteState(
      scope,
      kind,
      `backfill_next_page = NULL, backfill_started_at = COALESCE(s.backfill_started_at, now()), backfill_finished_at = COALESCE(s.backfill_finished_at, now())`,
    );
    return { kind: "ok", changed: 0, pages: 0, progress: { done: true, read: 0, total: null } };
  }
  const state = await db.syncState.findUnique({
    where: { organizationId_environment_kind: { organizationId: scope.organizationId, environment: scope.environment, kind } },
  });
  if (state?.backfillFinishedAt) return { kind: "ok", changed: 0, pages: 0, progress: { done: true, read: state.backfillRead, total: state.backfillTotal } };
  const gate = await copyGate(scope, def.surface);
  if (!gate.open) return { kind: "waiting", retryAfterMs: gate.retryAfterMs };
  const cursor = state?.backfillCursor ?? null;
  let changed: number;
  let page: Awaited<ReturnType<NonNullable<AnyKindDef["list"]>>>;
  try {
    const readAt = new Date();
    page = await def.list(up, { cursor, limit });
    changed = await storeAndAnnounce(up, scope, def, page.items, "backfill", gate, readAt);
  } catch (err) {
    const o = outcomeOf(err);
    if (o.kind === "refused") await noteRefused(scope, kind, o.message);
    return o;
  }
  const done = page.next === null;
  const nextPage = page.next !== null && /^\d+$/.test(page.next) ? Number(page.next) : null;
  // Only the page's own move is recorded, and only from the cursor it started at: two runners that
  // raced would both write the same next position, never skip one.
  await noteState(
    scope,
    kind,
    `backfill_cursor = $4, backfill_next_page = $5, backfill_read = s.backfill_read + $6, backfill_total = COALESCE($7, s.backfill_total),
     backfill_started_at = COALESCE(s.backfill_started_at, now()), backfill_finished_at = CASE WHEN $8 THEN now() ELSE NULL END,
     last_error = NULL, last_error_at = NULL`,
    [page.next, done ? null : nextPage, page.items.length, page.total, done, cursor],
    "s.backfill_cursor IS NOT DISTINCT FROM $9",
  );
  const read = (state?.backfillRead ?? 0) + page.items.length;
  return { kind: "ok", changed, pages: 1, progress: { done, read, total: page.total ?? state?.backfillTotal ?? null } };
}

/** Fetches one object by id and stores it (a webhook's partial payload, a write's answer with only an id). */
export async function fetchObject(scope: LedgerScope, kind: string, id: string, up: Upstream = defaultUpstream(scope)): Promise<ReadOutcome> {
  const def = kindDef(kind);
  if (!def?.get) return { kind: "skip" };
  const gate = await copyGate(scope, def.surface);
  if (!gate.open) return { kind: "waiting", retryAfterMs: gate.retryAfterMs };
  try {
    const readAt = new Date();
    const { data } = await def.get(up, id);
    const changed = await storeAndAnnounce(up, scope, def, [data as object], "fetch", gate, readAt);
    return { kind: "ok", changed, pages: 1 };
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === "not_found") return { kind: "skip" };
    return outcomeOf(err);
  }
}

/** The kinds synced for a scope: those whose surface has an active key. */
export async function syncedKinds(scope: LedgerScope): Promise<string[]> {
  const keys = await db.vaultSecret.findMany({
    where: { organizationId: scope.organizationId, environment: scope.environment, kind: "api_key", status: "active" },
    select: { surface: true },
  });
  const surfaces = new Set<string>(keys.map((k) => k.surface));
  return kindsOf(surfaces);
}

/** Every organization and environment holding at least one active provider key. */
export async function scopesWithKeys(): Promise<LedgerScope[]> {
  const rows = await db.vaultSecret.findMany({
    where: { kind: "api_key", status: "active" },
    distinct: ["organizationId", "environment"],
    select: { organizationId: true, environment: true },
  });
  return rows;
}
