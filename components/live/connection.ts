/**
 * The browser side of the live stream, without React: one EventSource at a time, our own
 * reconnect with backoff (the browser's built-in one gives up on any non-200 answer), resume from
 * the last event id, and a mode the page uses to decide whether it must poll.
 */
import type { LiveChange } from "@/lib/live/query-keys";

export type LiveMode = "connecting" | "live" | "polling";

/** The part of EventSource this uses, so tests can drive it. */
export interface EventSourceLike {
  onopen: ((ev: Event) => void) | null;
  onerror: ((ev: Event) => void) | null;
  addEventListener(type: string, listener: (ev: MessageEvent) => void): void;
  close(): void;
}

export interface LiveConnectionOptions {
  url: string;
  /**
   * When the page's data was read on the server (ISO time). Until the first event arrives the
   * stream replays from there, so a change stored between that read and the stream opening is not lost.
   */
  since?: string | null;
  onChange: (change: LiveChange) => void;
  /** Events may have been missed: refresh everything the stream covers. */
  onResync: () => void;
  onMode: (mode: LiveMode) => void;
  createEventSource?: (url: string) => EventSourceLike;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  random?: () => number;
}

const SEEN_LIMIT = 500;

export function backoffDelay(attempt: number, min: number, max: number, random: () => number): number {
  const base = Math.min(max, min * 2 ** attempt);
  // Jitter, so every open tab does not come back in the same instant after a deploy.
  return Math.round(base / 2 + random() * (base / 2));
}

function isChange(v: unknown): v is LiveChange {
  if (typeof v !== "object" || v === null) return false;
  const c = v as Record<string, unknown>;
  const optional = (x: unknown) => x === null || typeof x === "string";
  return typeof c.id === "string" && typeof c.name === "string" && optional(c.resourceType) && optional(c.resourceId) && optional(c.resourceStatus);
}

export class LiveConnection {
  private es: EventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  private failed = false;
  private lastEventId: string | null = null;
  private readonly seen: string[] = [];
  private readonly seenSet = new Set<string>();
  private mode: LiveMode = "connecting";
  private readonly o: Required<LiveConnectionOptions>;

  constructor(options: LiveConnectionOptions) {
    this.o = {
      createEventSource: (url) => new EventSource(url),
      minBackoffMs: 1_000,
      maxBackoffMs: 30_000,
      random: Math.random,
      since: null,
      ...options,
    };
  }

  start(): void {
    this.stopped = false;
    this.setMode("connecting");
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.es?.close();
    this.es = null;
  }

  /** The network came back or the tab woke up: try now instead of waiting out the backoff. */
  retryNow(): void {
    if (this.stopped || this.mode === "live") return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.open();
  }

  private setMode(mode: LiveMode) {
    if (this.mode === mode) return;
    this.mode = mode;
    this.o.onMode(mode);
  }

  private open() {
    this.es?.close();
    const url = this.lastEventId
      ? `${this.o.url}?lastEventId=${encodeURIComponent(this.lastEventId)}`
      : this.o.since
        ? `${this.o.url}?since=${encodeURIComponent(this.o.since)}`
        : this.o.url;
    const es = this.o.createEventSource(url);
    this.es = es;
    es.onopen = () => {
      if (this.es !== es) return;
      this.attempt = 0;
      // Back after a failure with nothing to resume from: what happened meanwhile is unknown.
      if (this.failed && !this.lastEventId && !this.o.since) this.o.onResync();
      this.failed = false;
      this.setMode("live");
    };
    es.onerror = () => {
      if (this.es !== es) return;
      this.fail();
    };
    es.addEventListener("change", (ev) => {
      if (this.es !== es) return;
      let data: unknown;
      try {
        data = JSON.parse(String(ev.data));
      } catch {
        return;
      }
      if (!isChange(data)) return;
      this.lastEventId = data.id;
      // Replays overlap a little with what was already seen; each event is handled once.
      if (this.seenSet.has(data.id)) return;
      this.remember(data.id);
      this.o.onChange(data);
    });
    es.addEventListener("resync", () => {
      if (this.es !== es) return;
      this.o.onResync();
      this.setMode("live");
    });
    es.addEventListener("degraded", () => {
      // The stream is open but the server cannot hear the database: poll until its resync.
      if (this.es === es) this.setMode("polling");
    });
    es.addEventListener("end", () => {
      // The server closed on purpose (environment or session changed): reconnect at once.
      if (this.es !== es) return;
      es.close();
      this.es = null;
      this.open();
    });
  }

  private fail() {
    this.es?.close();
    this.es = null;
    this.failed = true;
    this.setMode("polling");
    if (this.stopped || this.timer) return;
    const delay = backoffDelay(this.attempt, this.o.minBackoffMs, this.o.maxBackoffMs, this.o.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private remember(id: string) {
    this.seen.push(id);
    this.seenSet.add(id);
    if (this.seen.length > SEEN_LIMIT) this.seenSet.delete(this.seen.shift()!);
  }
}
