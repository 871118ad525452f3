/**
 * The shared rate budget: the provider allows 100 requests per minute per API key, counted across
 * every instance of the app, so the count lives in PostgreSQL (`rate_budget`), keyed by a SHA-256 of
 * the key (never the key). Each upstream request takes one unit with a single atomic statement.
 *
 * The provider's own limiter is a sliding 60 s window; a plain fixed window would let 2x the limit
 * through around a minute boundary. So the budget is a sliding-window counter: the previous
 * minute's count, weighted by how much of it still overlaps the last 60 s, plus this minute's
 * count, must stay within the limit (minus a safety margin for clock skew between instances).
 */
import { createHash } from "node:crypto";
import type { SqlRunner } from "./sql";

export const WINDOW_MS = 60_000;

export interface BudgetOptions {
  /** Requests per minute per key the app lets through: the provider's 100 minus a safety margin. */
  limit?: number;
  now?: () => number;
}

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
    this.limit = opts.limit ?? 95;
    this.now = opts.now ?? Date.now;
  }

  /** Takes one request from the key's budget if the sliding minute allows it. */
  async take(hash: string): Promise<BudgetDecision> {
    const now = this.now();
    const windowStart = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    const prevStart = windowStart - WINDOW_MS;
    // Share of the previous window still inside the last 60 s.
    const prevWeight = 1 - (now - windowStart) / WINDOW_MS;
    // One statement: the conditional insert/update re-checks the row it locked, so concurrent
    // instances can never push the count past the limit.
    const rows = await this.sql.query<{ count: number }>(
      `WITH prev AS (
         SELECT COALESCE((SELECT count FROM rate_budget WHERE key_hash = $1 AND window_start = $3), 0) AS c
       )
       INSERT INTO rate_budget AS rb (key_hash, window_start, count)
       SELECT $1, $2, 1 FROM prev WHERE prev.c * $4::float8 + 1 <= $5
       ON CONFLICT (key_hash, window_start) DO UPDATE SET count = rb.count + 1
         WHERE rb.count + 1 + (SELECT c FROM prev) * $4::float8 <= $5
       RETURNING count`,
      [hash, new Date(windowStart), new Date(prevStart), prevWeight, this.limit],
    );
    if (rows.length > 0) {
      const used = Number(rows[0]!.count);
      if (now - this.lastPrune > 5 * WINDOW_MS) {
        this.lastPrune = now;
        void this.prune(now).catch(() => undefined);
      }
      return { allowed: true, used };
    }
    return { allowed: false, retryAfterMs: await this.retryAfter(hash, now, windowStart, prevStart) };
  }

  /** How long until one more request fits, from both windows' counts. */
  private async retryAfter(hash: string, now: number, windowStart: number, prevStart: number): Promise<number> {
    const rows = await this.sql.query<{ window_start: Date; count: number }>(
      `SELECT window_start, count FROM rate_budget WHERE key_hash = $1 AND window_start IN ($2, $3)`,
      [hash, new Date(windowStart), new Date(prevStart)],
    );
    const cur = Number(rows.find((r) => r.window_start.getTime() === windowStart)?.count ?? 0);
    const prev = Number(rows.find((r) => r.window_start.getTime() === prevStart)?.count ?? 0);
    const untilNextWindow = windowStart + WINDOW_MS - now;
    if (cur + 1 > this.limit || prev === 0) return Math.max(1, untilNextWindow);
    // prev * (1 - f) + cur + 1 <= limit  =>  f >= 1 - (limit - cur - 1) / prev
    const f = 1 - (this.limit - cur - 1) / prev;
    const at = windowStart + Math.ceil(f * WINDOW_MS);
    return Math.max(1, Math.min(untilNextWindow, at - now));
  }

  /** Drops windows that can no longer matter; run now and then by whichever instance is calling. */
  async prune(now = this.now()): Promise<void> {
    await this.sql.query(`DELETE FROM rate_budget WHERE window_start < $1`, [new Date(now - 3 * WINDOW_MS)]);
  }
}
