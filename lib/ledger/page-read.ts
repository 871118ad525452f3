import "server-only";
/**
 * How a page (and its /api route) reads the provider's objects: from the local copy, never from the
 * provider, so a page view costs no provider call however many people browse.
 *
 * - A list: the view marks the list watched (swept every few seconds while someone has it open),
 *   reads the page from the copy in the provider's page shape and says how fresh the copy is.
 * - One object: read from the copy; one the copy has not seen yet (a link followed before the
 *   sweep reached it, an id typed by hand) is fetched by id from the provider once, stored, and
 *   shown. Only the provider's "not found" makes it a 404.
 * - A snapshot (a balance, a portfolio, a setting): like one object, and watched while shown, so
 *   it is swept every few seconds meanwhile.
 */
import { UpstreamError, type Upstream, upstreamFor } from "@/lib/upstream";
import type { UpstreamSurface } from "@/lib/upstream/types";
import { SURFACE_LABELS } from "@/lib/vault/values";
import { log } from "@/lib/log";
import { withPriority } from "@/lib/upstream/priority";
import type { Problem } from "@/lib/upstream/read-or-problem";
import { announceChanges } from "./announce";
import { type ListFreshness, listFreshness, markWatched } from "./freshness";
import { ACCOUNT_CHECK_DELAY_MS, checkWaitMs, copyGate } from "./account-check";
import { isSnapshot, kindDef, SNAPSHOT_ID } from "./kinds";
import { type Filters, LedgerReadError, type Page, readOne, readPage } from "./read";
import { CopyAccountChanged, type LedgerScope, storeObjects } from "./store";

/** How fresh what a page shows is, in a shape that crosses to the browser (dates as ISO text). */
export interface SyncedFreshness {
  kind: string;
  /** When the list (or, for one object, the object) was last read from the provider; null before the first read. */
  syncedAt: string | null;
  backfill: { done: boolean; read: number; total: number | null };
  /** Why the provider refused the last read, in words; null when it did not. */
  error: string | null;
  /** How often it is read, when slower than the lists (reference data): its age is not a warning before then. */
  everyMs?: number;
}

export type SyncedList<T> = { ok: true; data: Page<T>; freshness: SyncedFreshness } | Problem;
export type SyncedOne<T> = { ok: true; data: T; freshness: SyncedFreshness } | Problem;

/** The viewer's copy: their organization and current environment. */
const scopeOf = (v: LedgerScope): LedgerScope => ({ organizationId: v.organizationId, environment: v.environment });

function freshnessOf(kind: string, f: ListFreshness, syncedAt: Date | null = f.syncedAt): SyncedFreshness {
  const everyMs = kindDef(kind)?.everyMs;
  return { kind, syncedAt: syncedAt?.toISOString() ?? null, backfill: f.backfill, error: f.error, ...(everyMs ? { everyMs } : {}) };
}

function refused(message: string): Problem {
  return { ok: false, message, kind: "validation", retryable: false, missingScope: null };
}

export interface ListReadOptions {
  /**
   * `false` for a look-up beside what the page is about (the customers' names beside funding
   * accounts): the list keeps the sweep's pace instead of being read every few seconds.
   */
  watch?: boolean;
}

/** A provider-style query (`{ status, page, limit, ... }`) split into the copy's filters and paging. */
export function splitQuery(query: Readonly<Record<string, unknown>>): { filters: Filters; page?: number; limit?: number } {
  const filters: Record<string, string> = {};
  let page: number | undefined;
  let limit: number | undefined;
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === "") continue;
    if (k === "page") page = Number(v);
    else if (k === "limit") limit = Number(v);
    else filters[k] = String(v);
  }
  return { filters, page, limit };
}

/**
 * Notes the view (never failing the page for it: the schedule sweeps the list anyway) and reads
 * one page of the list from the copy. Throws LedgerReadError for a filter the list does not know,
 * and the "key being checked" UpstreamError while a new key's account is checked: until then the
 * copy may still hold the old account's objects.
 */
async function readList(
  viewer: LedgerScope,
  kind: string,
  query: Readonly<Record<string, unknown>>,
  opts: ListReadOptions,
): Promise<{ data: Page<Record<string, unknown>>; freshness: SyncedFreshness }> {
  const scope = scopeOf(viewer);
  if (opts.watch !== false) await markWatched(scope, kind).catch((err: unknown) => log.warn({ err, kind }, "ledger: could not mark a list watched"));
  const { filters, page, limit } = splitQuery(query);
  const [data, fresh] = await Promise.all([readPage(scope, kind, { filters, page, limit }), listFreshness(scope, kind)]);
  const checking = beingChecked(kind, fresh, "list");
  if (checking) throw checking;
  return { data, freshness: freshnessOf(kind, fresh) };
}

/** One page of a list from the copy, or the problem to show instead (a filter it does not know, a key being checked). */
export async function readSyncedList<T = Record<string, unknown>>(
  viewer: LedgerScope,
  kind: string,
  query: Readonly<Record<string, unknown>> = {},
  opts: ListReadOptions = {},
): Promise<SyncedList<T>> {
  try {
    const r = await readList(viewer, kind, query, opts);
    return { ok: true, data: r.data as unknown as Page<T>, freshness: r.freshness };
  } catch (err) {
    if (err instanceof LedgerReadError) return refused(err.message);
    if (err instanceof UpstreamError) return problemOf(err);
    throw err;
  }
}

/** The list's freshness alone, for a page that reads the copy some other way (totals, the review queue). */
export async function syncedFreshness(viewer: LedgerScope, kind: string, opts: { watch?: boolean } = {}): Promise<SyncedFreshness> {
  const scope = scopeOf(viewer);
  if (opts.watch) await markWatched(scope, kind).catch((err: unknown) => log.warn({ err, kind }, "ledger: could not mark a list watched"));
  return freshnessOf(kind, await listFreshness(scope, kind));
}

// One fetch per missing object at a time in this process: a burst of views of a new link costs one call.
const fetching = new Map<string, Promise<Fetched>>();

/** An object fetched and stored, with when the copy stored it. */
interface Fetched {
  data: Record<string, unknown>;
  syncedAt: Date;
}

/**
 * Fetches one object the copy has not seen, once for a burst of views (`fetching`). The
 * provider's refusal is thrown as it came (a "not found" too, for the page's 404).
 */
function fetchMissing(scope: LedgerScope, kind: string, id: string, up: Upstream): Promise<Fetched> {
  const key = `${scope.organizationId}:${scope.environment}:${kind}:${id}`;
  const running = fetching.get(key);
  if (running) return running;
  const p = fetchAndStore(scope, kind, id, up).finally(() => fetching.delete(key));
  fetching.set(key, p);
  return p;
}

/** Reads one object from the provider, stores it (source "fetch") and announces it. */
async function fetchAndStore(scope: LedgerScope, kind: string, id: string, up: Upstream): Promise<Fetched> {
  const def = kindDef(kind);
  if (!def?.get) throw new LedgerReadError(`A ${def?.label ?? kind} cannot be read from the provider on its own.`);
  // A snapshot is the account's current state: while a new key's account is being checked it is
  // neither read nor stored, as the read could still be the old key's (account-check.ts).
  const gate = isSnapshot(kind) ? await copyGate(scope, def.surface) : null;
  if (gate && !gate.open) throw keyBeingChecked(def.surface, `The ${def.label} is`, gate.retryAfterMs);
  const readAt = new Date();
  // A person waits on this page: the class of what people are looking at, above sweeps and backfill.
  const { data } = await withPriority("watched", () => def.get!(up, id), { pace: false });
  const stored = await storeObjects(scope, kind, [data], "fetch", { guard: gate ?? undefined, readAt }).catch((err: unknown) => {
    throw err instanceof CopyAccountChanged ? keyBeingChecked(def.surface, `The ${def.label} is`, ACCOUNT_CHECK_DELAY_MS) : err;
  });
  await announceChanges(scope, kind, stored.changed, stored.changedAt);
  return { data: data as Record<string, unknown>, syncedAt: stored.changedAt };
}

/**
 * A snapshot read from the provider now and stored (after the app's own write to it, feed.ts):
 * never joined to a read already under way, which began before the write and misses it.
 */
export async function readSnapshotNow(scope: LedgerScope, kind: string): Promise<void> {
  await fetchAndStore(scope, kind, SNAPSHOT_ID, upstreamFor(scope));
}

function keyBeingChecked(surface: UpstreamSurface, subject: string, retryAfterMs: number): UpstreamError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new UpstreamError({
    kind: "unavailable",
    status: 503,
    code: "KEY_BEING_CHECKED",
    message: `the ${surface} key changed; its account is being checked`,
    userMessage: `The ${SURFACE_LABELS[surface]} key was just changed. ${subject} read with the new key in about ${seconds} s.`,
    surface,
    retryable: true,
    retryAfterSeconds: seconds,
  });
}

/**
 * The "key being checked" error while the kind's surface has a new key whose account is not yet
 * checked (account-check.ts): the copy may still hold the old account's objects, which no page
 * shows. Null when the copy is open.
 */
export function beingChecked(kind: string, fresh: ListFreshness, what: "list" | "one"): UpstreamError | null {
  const def = kindDef(kind);
  if (!def || !fresh.checkFrom) return null;
  return keyBeingChecked(def.surface, what === "list" ? `The ${def.label}s are` : `This ${def.label} is`, checkWaitMs(fresh.checkFrom));
}

/**
 * The same for a page that reads the surface's copy its own way (the statement's totals): the
 * "key being checked" error to show instead, or null.
 */
export async function copyBeingChecked(viewer: LedgerScope, surface: UpstreamSurface, subject: string): Promise<UpstreamError | null> {
  const gate = await copyGate(scopeOf(viewer), surface);
  return gate.open ? null : keyBeingChecked(surface, subject, gate.retryAfterMs);
}

const problemOf = (err: UpstreamError): Problem => ({
  ok: false,
  message: err.userMessage,
  kind: err.kind,
  retryable: err.retryable,
  missingScope: err.missingScope,
});

/**
 * A snapshot for a page (a balance, a portfolio, a setting: kinds.ts): from the copy, watched so
 * it is swept every few seconds while someone looks at it; before its first sweep, read once from
 * the provider and stored. Throws the provider's UpstreamError when that read fails.
 */
export async function snapshotFromCopy<T = Record<string, unknown>>(
  viewer: LedgerScope,
  kind: string,
  upstream?: Upstream,
): Promise<{ data: T; fetchedAt: string; stale: false; synced: SyncedFreshness }> {
  const scope = scopeOf(viewer);
  // Reference data keeps its own slow pace (kinds.ts `everyMs`): watching it would not read it sooner.
  if (!kindDef(kind)?.everyMs) await markWatched(scope, kind).catch((err: unknown) => log.warn({ err, kind }, "ledger: could not mark a snapshot watched"));
  const [copied, fresh] = await Promise.all([readOne(scope, kind, SNAPSHOT_ID), listFreshness(scope, kind)]);
  const { data, syncedAt } = copied ?? (await fetchMissing(scope, kind, SNAPSHOT_ID, upstream ?? upstreamFor(scope)));
  // A snapshot has no history to load.
  const synced = { ...freshnessOf(kind, fresh, syncedAt), backfill: { done: true, read: 1, total: 1 } };
  return { data: data as T, fetchedAt: syncedAt.toISOString(), stale: false, synced };
}

/**
 * One object from the copy with its freshness, or fetched once when the copy has not seen it.
 * Throws the provider's UpstreamError when that fetch fails (kind "not_found" when it has no such
 * object), so `readOrProblem(..., { notFound })` answers a 404 or shows the problem.
 */
export async function objectFromCopy<T = Record<string, unknown>>(
  viewer: LedgerScope,
  kind: string,
  id: string,
  upstream?: Upstream,
): Promise<{ data: T; synced: SyncedFreshness }> {
  const scope = scopeOf(viewer);
  const [copied, fresh] = await Promise.all([readOne(scope, kind, id), listFreshness(scope, kind)]);
  const checking = beingChecked(kind, fresh, "one");
  if (checking) throw checking;
  if (copied) {
    // Someone follows an object still moving: its list is swept every few seconds meanwhile, so a
    // change the provider sends no event for (or an event lost) shows within seconds too.
    const status = (copied.data as { status?: unknown }).status;
    if (typeof status === "string" && kindDef(kind)?.final && !kindDef(kind)!.final!.includes(status)) {
      await markWatched(scope, kind).catch((err: unknown) => log.warn({ err, kind }, "ledger: could not mark a list watched"));
    }
    return { data: copied.data as T, synced: freshnessOf(kind, fresh, copied.syncedAt) };
  }
  const fetched = await fetchMissing(scope, kind, id, upstream ?? upstreamFor(scope));
  return { data: fetched.data as T, synced: freshnessOf(kind, fresh, fetched.syncedAt) };
}

export interface ReadSyncedOneOptions {
  /** Called when neither the copy nor the provider has the object (a page passes next/navigation's `notFound`). */
  notFound: () => never;
  /** Tests: the provider client a missing object is fetched with. */
  upstream?: Upstream;
}

/**
 * One object for a detail page: from the copy, or fetched once when the copy has not seen it. The
 * provider being down or refusing that fetch shows as a problem (the copy has nothing to show).
 */
export async function readSyncedOne<T = Record<string, unknown>>(
  viewer: LedgerScope,
  kind: string,
  id: string,
  opts: ReadSyncedOneOptions,
): Promise<SyncedOne<T>> {
  try {
    const r = await objectFromCopy<T>(viewer, kind, id, opts.upstream);
    return { ok: true, data: r.data, freshness: r.synced };
  } catch (err) {
    if (err instanceof UpstreamError) {
      if (err.kind === "not_found") opts.notFound();
      return problemOf(err);
    }
    if (err instanceof LedgerReadError) return refused(err.message);
    throw err;
  }
}

/** Where a list page stands, as the app's list views carry it (lib/upstream/list-page.ts's shape, plus the copy's freshness). */
export interface CopyListPage<T> {
  rows: T[];
  page: number;
  pages: number;
  total: number;
  /** When the copy last read this list from the provider (now, before its first read). */
  fetchedAt: string;
  /** Always false: the copy is shown with its age (`synced`), never as a fallback. */
  stale: boolean;
  synced: SyncedFreshness;
}

/**
 * A list page for the app's list views (lib/<feature>/read.ts): throws LedgerReadError for a
 * filter the list does not take (the feature's own filter parser names only those it does).
 */
export async function listFromCopy<T = Record<string, unknown>>(
  viewer: LedgerScope,
  kind: string,
  query: Readonly<Record<string, unknown>>,
  opts: ListReadOptions = {},
): Promise<CopyListPage<T>> {
  const r = await readList(viewer, kind, query, opts);
  return {
    rows: r.data.data as T[],
    page: r.data.page,
    pages: Math.max(1, r.data.total_pages),
    total: r.data.total,
    fetchedAt: r.freshness.syncedAt ?? new Date().toISOString(),
    stale: false,
    synced: r.freshness,
  };
}
