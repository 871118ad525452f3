/**
 * The shared rate budget: the provider allows 100 requests per minute per API key, counted across
 * every instance of the app, so the count lives in PostgreSQL (`rate_budget`), keyed by a SHA-256 of
 * the key (never the key). Each upstream request takes one unit with a single atomic statement.
 *
 * The provider's own limiter is an exact sliding 60 s log. The budget counts in one-second buckets
 * and adds up every bucket that overlaps the last 60 s, so it never counts fewer requests than the
 * provider does (at most one second's worth more) and a burst at the end of a minute still counts
 * after the minute turns. (A counter that weighted the previous minute by its overlap assumed its
 * requests were spread evenly; 20 users browsing at once sent 116 in a minute through it and got
 * 429s.) The limit keeps a safety margin for clock skew between instances.
 */
import { createHash } from "node:crypto";
import type { SqlRunner } from "./sql";

export const WINDOW_MS = 60_000;
/** The budget's counting grain: a bucket is counted while any of it lies in the last 60 s. */
export const BUCKET_MS = 1_000;

export interface BudgetOptions {
  /** Requests per minute per key the app lets through: the provider's 100 minus a safety margin. */
  limit?: number;
  now?: () => number;
}

/** What the app lets through per key and minute: the provider's limit less a 5% margin for clock skew (95 of 100). */
export const budgetLimitFor = (providerLimitPerMinute: number) => Math.floor(providerLimitPerMinute * 0.95);

export type BudgetDecision = { allowed: true; used: number } | { allowed: false; retryAfterMs: number };

/**
 * The budget's identity for a key: its SHA-256 (never the key itself), together with the provider
 * host it is spent at. In production one key talks to one host, so this is the provider's own
 * per-key limit; two sandboxes (e.g. test emulators) that happen to issue the same key string
 * are different providers and get separate budgets.
 */
export function keyHash(key: string, upstreamOrigin = ""): string {
  return createHash("sha256").update(`${upstreamOrigin}\n${key}`).digest("hex");
}

export class RateBudget {
  readonly limit: number;
  private readonly now: () => number;
  private lastPrune = 0;

  constructor(
    private readonly sql: SqlRunner,
    opts: BudgetOptions = {},
  ) {
    this.limit = opts.limit ?? budgetLimitFor(100);
    this.now = opts.now ?? Date.now;
  }

  /**
   * Takes one request from the key's budget if the last 60 s allow it. `reserve` leaves that many
   * requests of the minute untouched, for callers that have nothing to show without the provider.
   */
  async take(hash: string, opts: { reserve?: number } = {}): Promise<BudgetDecision> {
    const { limit, now, oldest } = this.window(opts.reserve);
    const bucket = Math.floor(now / BUCKET_MS) * BUCKET_MS;
    // One statement: the conditional insert/update re-checks the bucket row it locked, so
    // concurrent instances can never push the count past the limit.
    const rows = await this.sql.query<{ count: number }>(
      `WITH earlier AS (
         SELECT COALESCE(SUM(count), 0)::int AS c FROM rate_budget WHERE key_hash = $1 AND window_start >= $3 AND window_start < $2
       )
       INSERT INTO rate_budget AS rb (key_hash, window_start, count)
       SELECT $1, $2, 1 FROM earlier WHERE earlier.c + 1 <= $4
       ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rb.count + 1
         WHERE rb.count + 1 + (SELECT c FROM earlier) <= $4
       RETURNING count`,
      [hash, new Date(bucket), new Date(oldest), limit],
    );
    if (rows.length > 0) {
      const used = Number(rows[0]!.count);
      if (now - this.lastPrune > 5 * WINDOW_MS) {
        this.lastPrune = now;
        void this.prune(now).catch(() => undefined);
      }
      return { allowed: true, used };
    }
    return { allowed: false, retryAfterMs: await this.retryAfter(hash, now, oldest, limit) };
  }

  /** Whether `take` would let one request through now, without taking it. */
  async peek(hash: string, opts: { reserve?: number } = {}): Promise<BudgetDecision> {
    const { limit, now, oldest } = this.window(opts.reserve);
    const rows = await this.sql.query<{ c: number }>(`SELECT COALESCE(SUM(count), 0)::int AS c FROM rate_budget WHERE key_hash = $1 AND window_start >= $2`, [
      hash,
      new Date(oldest),
    ]);
    const used = Number(rows[0]?.c ?? 0);
    if (used + 1 <= limit) return { allowed: true, used };
    return { allowed: false, retryAfterMs: await this.retryAfter(hash, now, oldest, limit) };
  }

  /** The limit left after `reserve`, now, and the oldest bucket that still overlaps (now - 60 s, now] (its requests may be at its very end). */
  private window(reserve = 0): { limit: number; now: number; oldest: number } {
    const now = this.now();
    return { limit: Math.max(1, this.limit - reserve), now, oldest: Math.floor((now - WINDOW_MS) / BUCKET_MS) * BUCKET_MS };
  }

  /** How long until enough of the oldest buckets have left the last 60 s for one more request. */
  private async retryAfter(hash: string, now: number, oldest: number, limit: number): Promise<number> {
    const rows = await this.sql.query<{ window_start: Date; count: number }>(
      `SELECT window_start, count FROM rate_budget WHERE key_hash = $1 AND window_start >= $2 ORDER BY window_start`,
      [hash, new Date(oldest)],
    );
    let excess = rows.reduce((sum, r) => sum + Number(r.count), 0) + 1 - limit;
    for (const r of rows) {
      excess -= Number(r.count);
      // A bucket stops counting once its last millisecond is more than 60 s old.
      if (excess <= 0) return Math.max(1, r.window_start.getTime() + BUCKET_MS + WINDOW_MS - now);
    }
    return BUCKET_MS;
  }

  /** Drops windows that can no longer matter; run now and then by whichever instance is calling. */
  async prune(now = this.now()): Promise<void> {
    await this.sql.query(`DELETE FROM rate_budget WHERE window_start < $1`, [new Date(now - 3 * WINDOW_MS)]);
  }
}
