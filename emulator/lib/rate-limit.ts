/**
 * 100 requests per minute per API key, as a sliding-window log on the emulated clock: exact (no
 * burst of 2x at a fixed-window edge) and testable, since POST /__emulator/clock moves the window.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    /** Requests allowed per window and key; 0 turns the limiter off. */
    public limit: number,
    private readonly now: () => number,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {}

  check(key: string): RateDecision {
    if (this.limit <= 0) return { allowed: true, remaining: Number.POSITIVE_INFINITY };
    const now = this.now();
    const start = now - this.windowMs;
    let log = this.hits.get(key);
    if (!log) {
      log = [];
      this.hits.set(key, log);
    }
    // Timestamps are appended in order, so expired ones are at the front.
    let expired = 0;
    while (expired < log.length && (log[expired] as number) <= start) expired++;
    if (expired > 0) log.splice(0, expired);
    if (log.length >= this.limit) {
      const oldest = log[0] as number;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000)) };
    }
    log.push(now);
    return { allowed: true, remaining: this.limit - log.length };
  }

  reset(): void {
    this.hits.clear();
  }
}
