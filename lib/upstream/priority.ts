/**
 * The order in which the per-key budget is spent: writes, fetches for webhooks, what people are
 * looking at, sweeps, backfill. Each class may use only a share of the minute's budget, so a class
 * lower down always leaves room for the ones above it: a backfill running flat out stops at half
 * the minute and can never delay a write.
 *
 * Shares of the 95 requests a minute the budget lets through (budgetLimitFor(100)):
 * - write 100% (95): a person pressed a button and waits; nothing may starve it.
 * - webhook 95% (90): a partial webhook payload is fetched by id; without it an event shows half an
 *   object, but it can wait for a write.
 * - watched 85% (80): a list someone has open is swept every few seconds, or they asked "Refresh",
 *   or it was never read (a key just added), and every list's scheduled sweep (every 22 s): anyone
 *   may open any list at any moment, so the copy's 30 s promise holds for all of them, the least
 *   recently swept first (lib/ledger/jobs.ts).
 *   Page reads that still go through to the provider (prices, reference data) keep their own rule
 *   (a 35% reserve for refreshes of a cached answer, none for a first read; see http.ts): a price
 *   refresh that finds the minute busy shows its cached answer with its age, and leaves the rest to
 *   the lists, whose copy promises to be at most 30 s behind.
 * - sweep 70% (66): reference data swept at its own slower pace, and lists the provider refused
 *   (asked again every 5 minutes).
 * - backfill 50% (47): history, page by page; it takes what is left below half the minute.
 *
 * Background classes are also paced: a tenth of their share per 6 s (budget.ts), so the chain's
 * share is spread over the minute instead of spent in its first seconds.
 *
 * A job sets its class once around its work with `withPriority`; every provider call made inside
 * (through any surface client) takes the budget under that class, so the typed clients need no
 * extra parameter.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export const CALL_PRIORITIES = ["write", "webhook", "watched", "sweep", "backfill"] as const;
export type CallPriority = (typeof CALL_PRIORITIES)[number];

export const PRIORITY_SHARE: Readonly<Record<CallPriority, number>> = {
  write: 1,
  webhook: 0.95,
  watched: 0.85,
  sweep: 0.7,
  backfill: 0.5,
};

/** How many of the minute's `limit` requests a call of this class must leave untouched. */
export function reserveFor(priority: CallPriority, limit: number): number {
  return limit - Math.max(1, Math.floor(limit * PRIORITY_SHARE[priority]));
}

/** Background classes never wait for a slot: the job reschedules itself instead of holding a worker. */
export function isBackground(priority: CallPriority): boolean {
  return priority === "sweep" || priority === "backfill" || priority === "watched";
}

// One store per process, on globalThis: Next bundles this module more than once (the jobs started
// by instrumentation, each route's own copy), while the upstream client is one per process
// (index.ts). A module-level store set by a job's copy was invisible to the client's copy, and the
// sweeps took the budget unclassed and unpaced, in bursts that filled the minute.
const g = globalThis as unknown as { upstreamCallClass?: AsyncLocalStorage<{ priority: CallPriority; pace: boolean }> };
const store = (g.upstreamCallClass ??= new AsyncLocalStorage<{ priority: CallPriority; pace: boolean }>());

/**
 * Runs `fn` with every provider call inside it taking the budget as `priority`. Background work is
 * paced (budget.ts: its share spread over the minute); `pace: false` for a read a person waits on
 * at a background class's share (a page's one fetch of an object the copy has not seen).
 */
export function withPriority<T>(priority: CallPriority, fn: () => Promise<T>, opts: { pace?: boolean } = {}): Promise<T> {
  return store.run({ priority, pace: opts.pace ?? isBackground(priority) }, fn);
}

/** The class of the call being made, when a job set one. */
export function currentPriority(): CallPriority | undefined {
  return store.getStore()?.priority;
}

/** Whether the call being made spreads its class's share over the minute. */
export function currentPacing(): boolean {
  return store.getStore()?.pace ?? false;
}
