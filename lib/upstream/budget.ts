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
 *
 * Pacing (`pace`): background work (sweeps, backfill) may also take only its share of the last 6 s
 * (PACE_WINDOW_MS), not the whole minute's share at once. Otherwise it spends the minute in its
 * first seconds and waits out the rest; a sliding window then frees the slots at the same pace a
 * minute later, so the burst repeats every minute, and a list swept in it waits the better part
 * of a minute for its next read. The pace's own window is short for the same reason: a burst
 * that fills it waits for that burst's second to leave it, and with 10 s, 100 people arriving at
 * once held every list back for 8 s.
 */
import { createHash } from "node:crypto";
import type { SqlRunner } from "./sql";

export const WINDOW_MS = 60_000;
/** The budget's counting grain: a bucket is counted while any of it lies in the last 60 s. */
export const BUCKET_MS = 1_000;
/** The span a paced caller's share is spread over: its share of the minute, a tenth of it per 6 s. */
export const PACE_WINDOW_MS = 6_000;

export interface BudgetOptions {
  /** Requests per minute per key the app lets through: the provider's 100 minus a safety margin. */
  limit?: number;
  now?: () => number;
  /** Tests: the span paced callers spread their share over (the minute: no pacing). */
  paceWindowMs?: number;
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
  private readonly paceWindowMs: number;
  private lastPrune = 0;

  constructor(
    private readonly sql: SqlRunner,
    opts: BudgetOptions = {},
  ) {
    this.limit = opts.limit ?? budgetLimitFor(100);
    this.now = opts.now ?? Date.now;
    this.paceWindowMs = opts.paceWindowMs ?? PACE_WINDOW_MS;
  }

  /**
   * Takes one request from the key's budget if the last 60 s allow it. `reserve` leaves that many
   * requests of the minute untouched, for callers that have nothing to show without the provider.
   */
  async take(hash: string, opts: { reserve?: number; pace?: boolean } = {}): Promise<BudgetDecision> {
    const { limit, now, oldest } = this.window(opts.reserve);
    const pace = this.pace(limit, now, opts.pace);
    const bucket = Math.floor(now / BUCKET_MS) * BUCKET_MS;
    // One statement: the conditional insert/update re-checks the bucket row it locked, so
    // concurrent instances can never push the count past the limit (nor a paced caller past its pace).
    const rows = await this.sql.query<{ count: number }>(
      `WITH earlier AS (
         SELECT COALESCE(SUM(count), 0)::int AS c FROM rate_budget WHERE key_hash = $1 AND window_start >= $3 AND window_start < $2
       ), recent AS (
         SELECT COALESCE(SUM(count), 0)::int AS c FROM rate_budget WHERE key_hash = $1 AND window_start >= $5 AND window_start < $2
       )
       INSERT INTO rate_budget AS rb (key_hash, window_start, count)
       SELECT $1, $2, 1 FROM earlier, recent WHERE earlier.c + 1 <= $4 AND recent.c + 1 <= $6
       ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rb.count + 1
         WHERE rb.count + 1 + (SELECT c FROM earlier) <= $4 AND rb.count + 1 + (SELECT c FROM recent) <= $6
       RETURNING count`,
      [hash, new Date(bucket), new Date(oldest), limit, new Date(pace.oldest), pace.limit],
    );
    if (rows.length > 0) {
      const used = Number(rows[0]!.count);
      if (now - this.lastPrune > 5 * WINDOW_MS) {
        this.lastPrune = now;
        void this.prune(now).catch(() => undefined);
      }
      return { allowed: true, used };
    }
    return { allowed: false, retryAfterMs: await this.waitFor(hash, now, oldest, limit, pace) };
  }

  /** Whether `take` would let one request through now, without taking it. */
  async peek(hash: string, opts: { reserve?: number; pace?: boolean } = {}): Promise<BudgetDecision> {
    const { limit, now, oldest } = this.window(opts.reserve);
    const pace = this.pace(limit, now, opts.pace);
    const rows = await this.sql.query<{ c: number; recent: number }>(
      `SELECT COALESCE(SUM(count), 0)::int AS c, COALESCE(SUM(count) FILTER (WHERE window_start >= $3), 0)::int AS recent
         FROM rate_budget WHERE key_hash = $1 AND window_start >= $2`,
      [hash, new Date(oldest), new Date(pace.oldest)],
    );
    const used = Number(rows[0]?.c ?? 0);
    if (used + 1 <= limit && Number(rows[0]?.recent ?? 0) + 1 <= pace.limit) return { allowed: true, used };
    return { allowed: false, retryAfterMs: await this.waitFor(hash, now, oldest, limit, pace) };
  }

  /** A paced caller's share of the last PACE_WINDOW_MS, and that window's oldest bucket; the whole limit for others. */
  private pace(limit: number, now: number, paced = false): { limit: number; oldest: number; windowMs: number } {
    if (!paced || this.paceWindowMs >= WINDOW_MS) return { limit, oldest: Math.floor((now - WINDOW_MS) / BUCKET_MS) * BUCKET_MS, windowMs: WINDOW_MS };
    return {
      // Rounded down: a minute of windows never holds more than the minute's share.
      limit: Math.max(1, Math.floor((limit * this.paceWindowMs) / WINDOW_MS)),
      // The current second and the ones before it, the window's length in all. The pace is the
      // app's own spreading, not the provider's limit (the minute is, and counts every bucket that
      // overlaps it): counting one bucket more stretched a paced class's window by a second.
      oldest: Math.floor(now / BUCKET_MS) * BUCKET_MS - this.paceWindowMs + BUCKET_MS,
      windowMs: this.paceWindowMs,
    };
  }

  /** How long until both the minute and the pace have room for one more request. */
  private async waitFor(hash: string, now: number, oldest: number, limit: number, pace: { limit: number; oldest: number; windowMs: number }): Promise<number> {
    const minute = await this.retryAfter(hash, now, oldest, limit);
    const paced = pace.windowMs >= WINDOW_MS ? 0 : await this.retryAfter(hash, now, pace.oldest, pace.limit, pace.windowMs - BUCKET_MS);
    // Neither full any more (another instance's requests left meanwhile): try again shortly.
    return Math.max(BUCKET_MS, minute, paced);
  }

  /** The limit left after `reserve`, now, and the oldest bucket that still overlaps (now - 60 s, now] (its requests may be at its very end). */
  private window(reserve = 0): { limit: number; now: number; oldest: number } {
    const now = this.now();
    return { limit: Math.max(1, this.limit - reserve), now, oldest: Math.floor((now - WINDOW_MS) / BUCKET_MS) * BUCKET_MS };
  }

  /** How long until enough of the oldest buckets have left the window (the last 60 s by default) for one more request. */
  private async retryAfter(hash: string, now: number, oldest: number, limit: number, windowMs = WINDOW_MS): Promise<number> {
    const rows = await this.sql.query<{ window_start: Date; count: number }>(
      `SELECT window_start, count FROM rate_budget WHERE key_hash = $1 AND window_start >= $2 ORDER BY window_start`,
      [hash, new Date(oldest)],
    );
    let excess = rows.reduce((sum, r) => sum + Number(r.count), 0) + 1 - limit;
    if (excess <= 0) return 0;
    for (const r of rows) {
      excess -= Number(r.count);
      // A bucket stops counting once its last millisecond is more than 60 s old.
      if (excess <= 0) return Math.max(1, r.window_start.getTime() + BUCKET_MS + windowMs - now);
    }
    return BUCKET_MS;
  }

  /** Drops windows that can no longer matter; run now and then by whichever instance is calling. */
  async prune(now = this.now()): Promise<void> {
    await this.sql.query(`DELETE FROM rate_budget WHERE window_start < $1`, [new Date(now - 3 * WINDOW_MS)]);
  }
}
