import "server-only";
/**
 * The synced ledger's jobs on the app's queue (lib/jobs/queue.ts), one runner per key:
 * - `ledger-sweep` (reason "schedule"): one chain per organization and environment. Each run reads
 *   the newest pages of the lists that are due (every 22 s; every 5 s while someone watches one),
 *   least recently swept first, then re-reads their open objects under the backfill's share, and
 *   enqueues the next run for when the soonest list is due again. `stately` with the scope as singleton key keeps at
 *   most one run waiting and one running per key across every instance.
 * - `ledger-sweep` (reason "refresh"): the list someone asked for, at once, under the "watched"
 *   budget class; keyed apart from the chain so a waiting chain run cannot hold it back. A list
 *   newly watched brings the chain's waiting run forward to now (`markWatched`), so its next read
 *   is not the chain's 22 s away.
 * - `ledger-backfill`: history page by page under the "backfill" class, ~20 s per run, then it
 *   re-enqueues itself; progress lives in sync_states, so a restart resumes where it stopped.
 * - `ledger-fetch`: one object by id under the "webhook" class (feed enqueues it).
 * - `ledger-account-check`: after a key change, whether the copy of its surface holds the new key's
 *   account (account-check.ts); meanwhile the surface's sweeps and backfill wait.
 * - `ledger-schedule`: every minute, restarts the chain and unfinished backfills of every key, and
 *   account checks due, so a chain or check lost to a crash or a deploy is back within a minute.
 * A key that is absent or refused ends its chain quietly (the next minute's schedule looks again);
 * a spent budget share or a 429 holds back the lists of every surface on that key, a 5xx that
 * surface's, until the Retry-After, while the run goes on with another key's (its share may have
 * room).
 */
import { defineJob, enqueue } from "@/lib/jobs/queue";
import { log } from "@/lib/log";
import { PACE_WINDOW_MS } from "@/lib/upstream/budget";
import { defaultUpstreamClient } from "@/lib/upstream";
import { type CallPriority, PRIORITY_SHARE, withPriority } from "@/lib/upstream/priority";
import type { UpstreamSurface } from "@/lib/upstream/types";
import { dueAccountChecks, runAccountCheck } from "./account-check";
import {
  LEDGER_ACCOUNT_CHECK,
  LEDGER_BACKFILL,
  LEDGER_FETCH,
  LEDGER_SCHEDULE,
  LEDGER_SWEEP,
  type LedgerAccountCheckData,
  type LedgerBackfillData,
  type LedgerFetchData,
  type LedgerSweepData,
} from "./job-names";
import { db } from "@/lib/db";
import { kindDef } from "./kinds";
import type { LedgerScope } from "./store";
import { REFUSED_RETRY_MS, type UpstreamFor, backfillStep, fetchObject, refreshOpen, scopesWithKeys, sweepKind, syncedKinds } from "./sync";

/**
 * A list is due this long after its last sweep: the promise is "never more than 30 s behind", and
 * the chain's next run (set to whole seconds, then the queue's 2 s polling) and a wait for the pace
 * come on top. At 25 s, lists nobody watched were read 26-36 s apart.
 */
export const SWEEP_EVERY_MS = 22_000;
/** A list someone has open is due this long after its last sweep. */
export const WATCHED_EVERY_MS = 5_000;
/** A backfill run reads pages for about this long, then lets the worker take other keys' jobs. */
export const BACKFILL_RUN_MS = 20_000;
/**
 * A sweep run whose next pass is due within a pace window (a list held back for the pace) waits
 * for it in the job instead of enqueueing the next run: that run would start in whole seconds plus
 * the queue's polling, up to 3 s after the slot was free, and at 100 people, when every list is
 * watched and the pace is the limit, those seconds added up to lists read 30 s apart.
 */
export const SWEEP_CONTINUE_WITHIN_MS = PACE_WINDOW_MS;
/** A sweep run goes on in passes for about this long at most, then lets the worker take other keys' jobs. */
export const SWEEP_RUN_MS = 15_000;
/**
 * A sync run the queue fails as stuck after this long: a run of 15-20 s (above) plus its last
 * pass, each of whose reads gives up within 12 s. A run a crash cut off holds up its key's next
 * runs until then (and the queue's maintenance, lib/jobs/queue.ts), not pg-boss's 15 minutes.
 */
export const LEDGER_RUN_EXPIRE_SECONDS = 120;

const scopeKey = (d: { organizationId: string; environment: string }) => `${d.organizationId}:${d.environment}`;

export interface LedgerJobOptions {
  /** Tests: the provider client to read with. */
  upstream?: UpstreamFor;
  /** Tests: told when a run starts and ends. */
  onRun?: (name: string, data: object, phase: "start" | "end") => void;
  /** Tests: leave out the every-minute schedule (it would sweep every key in the database). */
  schedule?: boolean;
}

export interface StateRow {
  kind: string;
  lastSweptAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  watchedUntil: Date | null;
  backfillFinishedAt: Date | null;
}

async function statesOf(scope: LedgerScope): Promise<Map<string, StateRow>> {
  const rows = await db.syncState.findMany({
    where: { organizationId: scope.organizationId, environment: scope.environment },
    select: { kind: true, lastSweptAt: true, lastError: true, lastErrorAt: true, watchedUntil: true, backfillFinishedAt: true },
  });
  return new Map(rows.map((r) => [r.kind, r]));
}

const watched = (s: StateRow | undefined, now: number) => (s?.watchedUntil?.getTime() ?? 0) > now;

/** When a list is next due for a scheduled sweep (ms since epoch). */
export function dueAt(s: StateRow | undefined, now: number): number {
  if (!s?.lastSweptAt) return now;
  if (s.lastError && s.lastErrorAt && now - s.lastErrorAt.getTime() < REFUSED_RETRY_MS) return s.lastErrorAt.getTime() + REFUSED_RETRY_MS;
  const every = kindDef(s.kind)?.everyMs ?? (watched(s, now) ? WATCHED_EVERY_MS : SWEEP_EVERY_MS);
  return s.lastSweptAt.getTime() + every;
}

/**
 * The lists due now, the least recently swept first. A run stops where the budget's share runs out,
 * so a fixed order would serve the first lists every run and starve the last ones whenever more
 * lists are watched than the share can sweep every few seconds. Nor is "longest overdue" the order:
 * a watched list is due 5 s after its sweep, a list nobody watches 22 s after, so watched lists
 * swept 20 s ago would go before one swept 23 s ago and keep it from its 30 s promise. The oldest
 * sweep first spreads the share over all of them and serves the promise before the extra freshness.
 */
export function dueKinds(kinds: readonly string[], states: ReadonlyMap<string, StateRow>, now: number): string[] {
  const all = kinds.map((kind, i) => {
    const s = states.get(kind);
    // Never swept: before every list that has been.
    return { kind, i, s, due: s?.lastSweptAt ? dueAt(s, now) : Number.NEGATIVE_INFINITY, swept: s?.lastSweptAt?.getTime() ?? Number.NEGATIVE_INFINITY };
  });
  // While watched lists take their extra sweeps, they fill the pace (the last 6 s); a list nobody
  // watches that falls due meanwhile would wait for the window to empty. So it is read with them
  // once it is that close to due, in its turn: at most one pace window early, only when they read.
  const extra = all.some((k) => k.due <= now && watched(k.s, now));
  const early = (k: (typeof all)[number]) => extra && !watched(k.s, now) && !k.s?.lastError && !kindDef(k.kind)?.everyMs && k.due - PACE_WINDOW_MS <= now;
  return all
    .filter((k) => k.due <= now || early(k))
    .sort((a, b) => a.swept - b.swept || a.i - b.i)
    .map((k) => k.kind);
}

/**
 * The budget class a run's sweep of a list takes. "watched" (lib/upstream/priority.ts) for a list a
 * person looks at or asked for, one never read (a key just added), and every list on the 22 s
 * schedule: anyone may open any list at any moment, so the 30 s promise is kept for all of them
 * at the same rank as the extra freshness of watched ones (the oldest first, `dueKinds`). Under the
 * lower "sweep" class, 100 people's watched lists filled the pace and kept a list nobody was
 * watching yet 35 s behind when someone opened it. "sweep" is left to reference data, swept at its
 * own slower pace (`everyMs`), and to lists the provider refused (retried every 5 minutes).
 */
export function sweepClass(kind: string, s: StateRow | undefined, reason: LedgerSweepData["reason"], now: number): "watched" | "sweep" {
  if (reason !== "schedule" || !s?.lastSweptAt || watched(s, now)) return "watched";
  return s.lastError || kindDef(kind)?.everyMs ? "sweep" : "watched";
}

/**
 * What a sweep run holds back after a refusal, and until when. A surface: the provider busy, or a
 * new key's account being checked. A key: its share of the minute is spent (or the provider said
 * 429), for every surface the key serves, at the refused class and below; otherwise a younger list
 * of another of its surfaces would take the slot freed a moment later, out of turn. Another key's
 * lists go on (its share may have room), and so does a higher class.
 */
class Holds {
  private readonly surfaces = new Map<string, number>();
  private readonly keys = new Map<string, Map<CallPriority, number>>();
  private readonly identities = new Map<string, Promise<string>>();

  constructor(private readonly budgetKey: (surface: UpstreamSurface) => Promise<string | null>) {}

  /** When the surface's lists of this class may be read again; 0 when they are not held. */
  async until(surface: UpstreamSurface, priority: CallPriority): Promise<number> {
    let until = this.surfaces.get(surface) ?? 0;
    if (this.keys.size === 0) return until;
    for (const [p, t] of this.keys.get(await this.identity(surface)) ?? []) if (PRIORITY_SHARE[p] >= PRIORITY_SHARE[priority]) until = Math.max(until, t);
    return until;
  }

  async hold(surface: UpstreamSurface, priority: CallPriority, o: { retryAfterMs: number; key?: boolean }): Promise<void> {
    const until = Date.now() + o.retryAfterMs;
    if (!o.key) return void this.surfaces.set(surface, until);
    const id = await this.identity(surface);
    const held = this.keys.get(id) ?? new Map<CallPriority, number>();
    this.keys.set(id, held.set(priority, Math.max(held.get(priority) ?? 0, until)));
  }

  /** The budget the surface's calls take; a surface without a key, or whose key cannot be looked up now, stands alone. */
  private identity(surface: UpstreamSurface): Promise<string> {
    let id = this.identities.get(surface);
    if (!id)
      this.identities.set(
        surface,
        (id = this.budgetKey(surface).then(
          (k) => k ?? `surface:${surface}`,
          () => `surface:${surface}`,
        )),
      );
    return id;
  }
}

/** One sweep run; returns when the chain should run next (ms from now), or null to end it. */
export async function runSweep(data: LedgerSweepData, up?: UpstreamFor): Promise<number | null> {
  const scope: LedgerScope = { organizationId: data.organizationId, environment: data.environment };
  const synced = await syncedKinds(scope);
  if (synced.length === 0) return null;
  const kinds = data.kinds ? synced.filter((k) => data.kinds!.includes(k)) : synced;
  const states = await statesOf(scope);
  const now = Date.now();
  const holds = new Holds((surface) => defaultUpstreamClient().budgetKey(scope, surface));
  let stopped = 0;
  const swept: string[] = [];
  for (const kind of data.reason === "schedule" ? dueKinds(kinds, states, now) : kinds) {
    const surface = kindDef(kind)?.surface ?? "core";
    const s = states.get(kind);
    const first = !s?.lastSweptAt;
    const priority = sweepClass(kind, s, data.reason, now);
    if (await holds.until(surface, priority)) continue;
    // The rest of the chain is paced (lib/upstream/budget.ts).
    const o = await withPriority(priority, () => sweepKind(scope, kind, up?.(scope)), { pace: data.reason === "schedule" && !first });
    log.debug({ kind, reason: data.reason, priority, outcome: o.kind, ...(o.kind === "later" ? { retryAfterMs: o.retryAfterMs } : {}) }, "ledger: sweep");
    if (o.kind === "skip") stopped++;
    if (o.kind === "ok") swept.push(kind);
    if (o.kind === "waiting" || o.kind === "later") await holds.hold(surface, priority, o);
  }
  // Then, with what is left below the backfill's share, the open objects of the lists just swept:
  // a list's newest page never waits for these re-reads by id.
  for (const kind of swept) {
    const o = await withPriority("backfill", () => refreshOpen(scope, kind, up?.(scope)));
    if (o.kind === "later") break;
  }
  if (stopped === kinds.length && kinds.length > 0) return null;
  // Kinds read only under another (Pro trades under their order) are never swept themselves: their
  // state would stay "due now" and run the chain every second.
  const listed = synced.filter((k) => kindDef(k)?.list);
  if (listed.length === 0) return null;
  const after = await statesOf(scope);
  const t = Date.now();
  // A list held back stays due: it is read again when its surface may go on, not every second.
  const dues = await Promise.all(
    listed.map(async (k) => Math.max(dueAt(after.get(k), t), await holds.until(kindDef(k)!.surface, sweepClass(k, after.get(k), data.reason, t)))),
  );
  return Math.max(Math.min(...dues) - t, 1_000);
}

/** One backfill run; returns when to continue (ms from now), or null when every list is done. */
export async function runBackfill(data: LedgerBackfillData, up?: UpstreamFor): Promise<number | null> {
  const scope: LedgerScope = { organizationId: data.organizationId, environment: data.environment };
  const started = Date.now();
  const states = await statesOf(scope);
  let pending = false;
  let waiting = Number.POSITIVE_INFINITY;
  for (const kind of await syncedKinds(scope)) {
    if (states.get(kind)?.backfillFinishedAt) continue;
    for (;;) {
      if (Date.now() - started > BACKFILL_RUN_MS) return 1_000;
      const o = await withPriority("backfill", () => backfillStep(scope, kind, up?.(scope)));
      if (o.kind === "later") return o.retryAfterMs;
      if (o.kind === "waiting") {
        waiting = Math.min(waiting, o.retryAfterMs);
        break;
      }
      if (o.kind !== "ok") {
        // Refused (recorded for the page) or no key: the next minute's schedule asks again.
        pending = o.kind === "refused" || pending;
        break;
      }
      if (o.progress?.done) break;
    }
  }
  if (waiting !== Number.POSITIVE_INFINITY) return waiting;
  return pending ? 60_000 : null;
}

/** Every minute: every key's sweep chain, and its backfill while one is unfinished. */
export async function runSchedule(): Promise<void> {
  for (const scope of await scopesWithKeys()) {
    await enqueue(LEDGER_SWEEP, { ...scope, reason: "schedule" } satisfies LedgerSweepData);
    const states = await statesOf(scope);
    const kinds = await syncedKinds(scope);
    if (kinds.some((k) => !states.get(k)?.backfillFinishedAt)) await enqueue(LEDGER_BACKFILL, scope satisfies LedgerBackfillData);
  }
  for (const check of await dueAccountChecks()) await enqueue(LEDGER_ACCOUNT_CHECK, check);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function defineLedgerJobs(opts: LedgerJobOptions = {}): void {
  const observed =
    <T extends object>(name: string, run: (d: T) => Promise<void>) =>
    async (d: T) => {
      opts.onRun?.(name, d, "start");
      try {
        await run(d);
      } finally {
        opts.onRun?.(name, d, "end");
      }
    };
  defineJob<LedgerSweepData>({
    name: LEDGER_SWEEP,
    policy: "stately",
    expireInSeconds: LEDGER_RUN_EXPIRE_SECONDS,
    singletonKey: (d) => (d.reason === "schedule" ? scopeKey(d) : `${scopeKey(d)}:${d.reason}:${(d.kinds ?? []).join(",")}`),
    retryLimit: 1,
    // A run may wait for the pace (SWEEP_CONTINUE_WITHIN_MS): another key's run is taken meanwhile.
    workers: 2,
    run: observed(LEDGER_SWEEP, async (d) => {
      const started = Date.now();
      let next = await runSweep(d, opts.upstream);
      while (d.reason === "schedule" && next !== null && next <= SWEEP_CONTINUE_WITHIN_MS && Date.now() + next - started <= SWEEP_RUN_MS) {
        await new Promise((r) => setTimeout(r, next!));
        next = await runSweep(d, opts.upstream);
      }
      if (next !== null && d.reason === "schedule")
        await enqueue(LEDGER_SWEEP, { organizationId: d.organizationId, environment: d.environment, reason: "schedule" }, seconds(next));
    }),
  });
  defineJob<LedgerBackfillData>({
    name: LEDGER_BACKFILL,
    policy: "stately",
    expireInSeconds: LEDGER_RUN_EXPIRE_SECONDS,
    singletonKey: scopeKey,
    retryLimit: 1,
    run: observed(LEDGER_BACKFILL, async (d) => {
      const next = await runBackfill(d, opts.upstream);
      if (next !== null) await enqueue(LEDGER_BACKFILL, { organizationId: d.organizationId, environment: d.environment }, seconds(next));
    }),
  });
  defineJob<LedgerFetchData>({
    name: LEDGER_FETCH,
    policy: "stately",
    expireInSeconds: LEDGER_RUN_EXPIRE_SECONDS,
    singletonKey: (d) => `${scopeKey(d)}:${d.kind}:${d.id}`,
    retryLimit: 5,
    run: observed(LEDGER_FETCH, async (d) => {
      const o = await withPriority("webhook", () => fetchObject(d, d.kind, d.id, opts.upstream?.(d)));
      // Budget or provider busy, or a new key's account being checked: pg-boss retries with backoff; anything else is settled.
      if (o.kind === "later" || o.kind === "waiting") throw new Error(`ledger-fetch of ${d.kind} ${d.id}: provider busy or key just changed, retrying`);
      if (o.kind === "refused") log.warn({ kind: d.kind, message: o.message }, "ledger-fetch refused by the provider");
    }),
  });
  defineJob<LedgerAccountCheckData>({
    name: LEDGER_ACCOUNT_CHECK,
    policy: "stately",
    expireInSeconds: LEDGER_RUN_EXPIRE_SECONDS,
    singletonKey: (d) => `${scopeKey(d)}:${d.surface}`,
    retryLimit: 1,
    run: observed(LEDGER_ACCOUNT_CHECK, async (d) => {
      const next = await runAccountCheck(d, opts.upstream?.(d));
      if (next !== null) await enqueue(LEDGER_ACCOUNT_CHECK, d, seconds(next));
    }),
  });
  if (opts.schedule !== false)
    defineJob({
      name: LEDGER_SCHEDULE,
      policy: "singleton",
      expireInSeconds: LEDGER_RUN_EXPIRE_SECONDS,
      cron: ["* * * * *"],
      run: observed(LEDGER_SCHEDULE, runSchedule),
    });
}
