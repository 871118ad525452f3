/**
 * Counts what each API key asks of the emulator, for load tests that must prove the app stays
 * under the provider's limit: every authenticated request (the ones the rate limiter counts, and
 * the ones it refuses), the 429 answers, the requests in the last minute, the highest number
 * seen in any minute, and the requests per endpoint (ids in the path as ":id"), which tells a
 * benchmark where a key's minute went. Read through GET /__emulator/requests; cleared by reset.
 */
import { RATE_LIMIT_WINDOW_MS } from "./rate-limit";

export interface KeyRequestCount {
  key: string;
  requests: number;
  rate_limited: number;
  /** Requests in the 60 s before now (the limiter's window, on the emulated clock). */
  last_minute: number;
  /** The most requests any 60 s window held since start or reset. */
  peak_per_minute: number;
  /** Requests per "METHOD /path", ids replaced by ":id". */
  endpoints: Record<string, number>;
}

/** A path segment that names one object rather than a collection: a UUID, a number, or a prefixed id. */
const ID_SEGMENT = /^([0-9a-f]{8}-[0-9a-f-]{27}|\d+|[a-z]{2,6}_[A-Za-z0-9]{6,})$/i;

export function endpointOf(method: string, path: string): string {
  return `${method} ${path
    .split("/")
    .map((s) => (ID_SEGMENT.test(s) ? ":id" : s))
    .join("/")}`;
}

interface Entry {
  requests: number;
  rateLimited: number;
  window: number[];
  peak: number;
  endpoints: Map<string, number>;
}

export class RequestCounter {
  private readonly byKey = new Map<string, Entry>();

  constructor(
    private readonly now: () => number,
    private readonly windowMs = RATE_LIMIT_WINDOW_MS,
  ) {}

  record(key: string, status: number, endpoint?: string): void {
    let e = this.byKey.get(key);
    if (!e) {
      e = { requests: 0, rateLimited: 0, window: [], peak: 0, endpoints: new Map() };
      this.byKey.set(key, e);
    }
    e.requests++;
    if (endpoint) e.endpoints.set(endpoint, (e.endpoints.get(endpoint) ?? 0) + 1);
    if (status === 429) e.rateLimited++;
    this.prune(e);
    e.window.push(this.now());
    // The window only grows on a push, so its peak is always reached right after one.
    if (e.window.length > e.peak) e.peak = e.window.length;
  }

  snapshot(): KeyRequestCount[] {
    return [...this.byKey.entries()].map(([key, e]) => {
      this.prune(e);
      return {
        key,
        requests: e.requests,
        rate_limited: e.rateLimited,
        last_minute: e.window.length,
        peak_per_minute: e.peak,
        endpoints: Object.fromEntries(e.endpoints),
      };
    });
  }

  reset(): void {
    this.byKey.clear();
  }

  private prune(e: Entry): void {
    const start = this.now() - this.windowMs;
    let expired = 0;
    while (expired < e.window.length && (e.window[expired] as number) <= start) expired++;
    if (expired > 0) e.window.splice(0, expired);
  }
}
