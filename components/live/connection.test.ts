import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, LiveConnection, type EventSourceLike, type LiveMode } from "./connection";

class FakeEventSource implements EventSourceLike {
  onopen: ((ev: Event) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, ((ev: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, fn: (ev: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event("open"));
  }
  error() {
    this.onerror?.(new Event("error"));
  }
  emit(type: string, data: unknown) {
    for (const fn of this.handlers.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
}

const change = (id: string) => ({ id, name: "deposit.completed", resourceType: "deposit", resourceId: "dep_1", resourceStatus: "COMPLETED" });

function setup(extra: { since?: string } = {}) {
  const sources: FakeEventSource[] = [];
  const modes: LiveMode[] = [];
  const changes: string[] = [];
  let resyncs = 0;
  const conn = new LiveConnection({
    url: "/api/live",
    createEventSource: (url) => {
      const es = new FakeEventSource(url);
      sources.push(es);
      return es;
    },
    onChange: (c) => changes.push(c.id),
    onResync: () => (resyncs += 1),
    onMode: (m) => modes.push(m),
    minBackoffMs: 1_000,
    maxBackoffMs: 8_000,
    random: () => 1, // the top of the jitter range, so delays are exact
    ...extra,
  });
  return { conn, sources, modes, changes, last: () => sources.at(-1)!, resyncs: () => resyncs };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("LiveConnection", () => {
  it("is live once the stream opens and hands each change on once", () => {
    const t = setup();
    t.conn.start();
    expect(t.last().url).toBe("/api/live");
    t.last().open();
    expect(t.modes).toEqual(["live"]);
    t.last().emit("change", change("e1"));
    t.last().emit("change", change("e1"));
    t.last().emit("change", { id: 42 }); // malformed: ignored
    expect(t.changes).toEqual(["e1"]);
  });

  it("falls back to polling on an error and reconnects with growing delays, resuming from the last event", () => {
    const t = setup();
    t.conn.start();
    t.last().open();
    t.last().emit("change", change("e7"));
    t.last().error();
    expect(t.modes.at(-1)).toBe("polling");
    expect(t.sources[0]!.closed).toBe(true);

    vi.advanceTimersByTime(999);
    expect(t.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sources).toHaveLength(2);
    expect(t.last().url).toBe("/api/live?lastEventId=e7");

    t.last().error(); // still down: the next wait doubles
    vi.advanceTimersByTime(1_999);
    expect(t.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sources).toHaveLength(3);

    t.last().open();
    expect(t.modes.at(-1)).toBe("live");
    expect(t.resyncs()).toBe(0); // the server replays from e7
    t.last().error(); // after a success the wait starts small again
    vi.advanceTimersByTime(1_000);
    expect(t.sources).toHaveLength(4);
  });

  it("resumes from the page's render time until it has seen an event, then from that event", () => {
    const t = setup({ since: "2026-11-22T10:00:00.000Z" });
    t.conn.start();
    expect(t.last().url).toBe("/api/live?since=2026-11-22T10%3A00%3A00.000Z");
    t.last().error();
    vi.advanceTimersByTime(1_000);
    expect(t.last().url).toBe("/api/live?since=2026-11-22T10%3A00%3A00.000Z");
    t.last().open();
    expect(t.resyncs()).toBe(0); // the server replays from the render time
    t.last().emit("change", change("e9"));
    t.last().error();
    vi.advanceTimersByTime(1_000);
    expect(t.last().url).toBe("/api/live?lastEventId=e9");
  });

  it("asks for a full refresh when it comes back with no event to resume from", () => {
    const t = setup();
    t.conn.start();
    t.last().error();
    expect(t.modes).toEqual(["polling"]);
    vi.advanceTimersByTime(1_000);
    t.last().open();
    expect(t.resyncs()).toBe(1);
  });

  it("passes the server's resync on, and reconnects at once when the server ends the stream", () => {
    const t = setup();
    t.conn.start();
    t.last().open();
    t.last().emit("resync", {});
    expect(t.resyncs()).toBe(1);
    t.last().emit("end", { reason: "session" });
    expect(t.sources).toHaveLength(2);
    expect(t.sources[0]!.closed).toBe(true);
  });

  it("polls while the server says it is degraded, and is live again after its resync", () => {
    const t = setup();
    t.conn.start();
    t.last().open();
    t.last().emit("degraded", {});
    expect(t.modes).toEqual(["live", "polling"]);
    expect(t.last().closed).toBe(false); // the stream stays open
    t.last().emit("resync", {});
    expect(t.modes).toEqual(["live", "polling", "live"]);
    expect(t.resyncs()).toBe(1);
    expect(t.sources).toHaveLength(1);
  });

  it("retries at once when asked (back online) and stops cleanly", () => {
    const t = setup();
    t.conn.start();
    t.last().error();
    t.conn.retryNow();
    expect(t.sources).toHaveLength(2);
    t.conn.stop();
    expect(t.last().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(t.sources).toHaveLength(2);
  });

  it("caps the backoff", () => {
    expect(backoffDelay(10, 1_000, 8_000, () => 1)).toBe(8_000);
    expect(backoffDelay(0, 1_000, 8_000, () => 0)).toBe(500);
  });
});
