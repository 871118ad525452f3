/**
 * Read coalescing and the shared read cache. Identical concurrent reads in one process share one
 * in-flight promise; answers are kept in `upstream_cache` (shared by every instance) with the time
 * they were fetched, fresh for a short TTL, and served stale, with their age, when the provider
 * fails or the rate budget is spent.
 */
import { createHash } from "node:crypto";
import type { SqlRunner } from "./sql";

export interface CachedRead<T> {
  data: T;
  fetchedAt: Date;
  /** True when the provider could not be asked (down, rate limited) and an older answer is shown. */
  stale: boolean;
  source: "upstream" | "cache";
}

/** Age in whole seconds, for "as of 2 min ago" labels. */
export function ageSeconds(r: Pick<CachedRead<unknown>, "fetchedAt">, now = Date.now()): number {
  return Math.max(0, Math.floor((now - r.fetchedAt.getTime()) / 1000));
}

export function cacheKeyOf(parts: {
  organizationId: string;
  environment: string;
  surface: string;
  path: string;
  query?: Record<string, unknown>;
  keyHash: string;
}): string {
  const q = Object.entries(parts.query ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => [k, String(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const raw = JSON.stringify([parts.organizationId, parts.environment, parts.surface, parts.path, q, parts.keyHash]);
  return createHash("sha256").update(raw).digest("hex");
}

/** Shares one promise among identical concurrent callers; forgets it once settled. */
export class Coalescer {
  private readonly inflight = new Map<string, { promise: Promise<unknown>; startedAt: number }>();
  private readonly queued = new Map<string, Promise<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const existing = this.inflight.get(key);
    if (existing) return existing.promise as Promise<T>;
    const promise = fn().finally(() => this.inflight.delete(key));
    this.inflight.set(key, { promise, startedAt: this.now() });
    return promise;
  }

  /**
   * Like run(), but the caller shares a call in flight only if it began at or after `notBefore`
   * (e.g. the last write, whose effect the caller must see). Otherwise it shares the next call,
   * started when that one settles, with everyone else who asked meanwhile: a burst costs at most
   * two calls.
   */
  runAfter<T>(key: string, notBefore: number, fn: () => Promise<T>): Promise<T> {
    const next = this.queued.get(key);
    if (next) return next as Promise<T>;
    const current = this.inflight.get(key);
    if (!current || current.startedAt >= notBefore) return this.run(key, fn);
    const p = current.promise
      .catch(() => undefined)
      .then(() => {
        this.queued.delete(key);
        return this.run(key, fn);
      });
    this.queued.set(key, p);
    return p;
  }

  get size(): number {
    return this.inflight.size;
  }
}

/** The cache row that holds a tenant's last write (not a hash, so it never collides with a read's key). */
export const writtenKeyOf = (organizationId: string, environment: string) => `written:${organizationId}:${environment}`;

export class ReadCache {
  private lastPrune = 0;

  constructor(
    private readonly sql: SqlRunner,
    private readonly now: () => number = Date.now,
    /** Entries older than this are deleted now and then; stale answers are served up to this age. */
    readonly maxAgeMs = 60 * 60_000,
  ) {}

  /**
   * The cached answer, and whether a write for its tenant settled after it was fetched (on any
   * instance): `writtenKey` names the tenant's write marker (writtenKeyOf).
   */
  async get(key: string, writtenKey?: string): Promise<{ body: unknown; status: number; fetchedAt: Date; predatesWrite: boolean } | null> {
    const rows = await this.sql.query<{ body: { v?: unknown } | null; status: number; fetched_at: Date; written_at: Date | null }>(
      `SELECT c.body, c.status, c.fetched_at, w.fetched_at AS written_at
         FROM upstream_cache c LEFT JOIN upstream_cache w ON w.cache_key = $2
        WHERE c.cache_key = $1`,
      [key, writtenKey ?? ""],
    );
    const row = rows[0];
    if (!row) return null;
    const fetchedAt = new Date(row.fetched_at);
    if (this.now() - fetchedAt.getTime() > this.maxAgeMs) return null;
    const predatesWrite = row.written_at !== null && new Date(row.written_at).getTime() >= fetchedAt.getTime();
    // Stored wrapped, so a `null` answer round-trips (a bare JSON null is not a storable value).
    return { body: row.body?.v ?? null, status: Number(row.status), fetchedAt, predatesWrite };
  }

  /** Notes that a write for the tenant settled now: its cached reads from before are no longer fresh. */
  async markWritten(writtenKey: string, at: Date): Promise<void> {
    await this.put(writtenKey, 0, null, at);
  }

  async put(key: string, status: number, body: unknown, fetchedAt: Date): Promise<void> {
    await this.sql.query(
      `INSERT INTO upstream_cache (cache_key, status, body, fetched_at) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (cache_key) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body, fetched_at = EXCLUDED.fetched_at
       WHERE upstream_cache.fetched_at <= EXCLUDED.fetched_at`,
      [key, status, JSON.stringify({ v: body ?? null }), fetchedAt],
    );
    const now = this.now();
    if (now - this.lastPrune > 5 * 60_000) {
      this.lastPrune = now;
      void this.sql.query(`DELETE FROM upstream_cache WHERE fetched_at < $1`, [new Date(now - this.maxAgeMs)]).catch(() => undefined);
    }
  }
}
