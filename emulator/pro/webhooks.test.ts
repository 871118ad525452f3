import { describe, expect, it } from "vitest";
import { emptyBook } from "./book";
import type { ProSlice } from "./types";
import { WEBHOOK_PARAMS, checkUrl, createWebhook, destinations, patchWebhook, recordDelivery } from "./webhooks";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
let n = 0;
const newId = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

function slice(): ProSlice {
  return { balances: { NGN: "0.00", USD: "0.00000000" }, orders: [], trades: [], webhooks: [], deposits: [], book: emptyBook(T0), last_tick: T0 };
}

function create(s: ProSlice, body: Record<string, unknown> = {}) {
  const r = createWebhook(s, { url: "https://example.com/hook", events: ["order.filled"], ...body }, T0, true, newId);
  if (!r.ok) throw new Error(r.code);
  return r.webhook;
}

describe("webhook URLs", () => {
  it("accept HTTPS, and plain HTTP to this machine only in the sandbox", () => {
    expect(checkUrl("https://example.com/x", false)).toBeNull();
    expect(checkUrl("http://example.com/x", true)).toMatch(/HTTPS/);
    expect(checkUrl("http://127.0.0.1:9000/x", true)).toBeNull();
    expect(checkUrl("http://localhost/x", true)).toBeNull();
    expect(checkUrl("http://localhost/x", false)).toMatch(/HTTPS/);
    expect(checkUrl("ftp://example.com", true)).toMatch(/HTTPS/);
    expect(checkUrl("not a url", true)).toMatch(/valid/);
    expect(checkUrl("https://user:pw@example.com", true)).toMatch(/credentials/);
  });
});

describe("webhook creation", () => {
  it("returns a 64-hex secret, dedupes events, and allows at most 5 per account", () => {
    const s = slice();
    const w = create(s, { events: ["order.filled", "order.filled", "trade.executed"] });
    expect(w.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(w.events).toEqual(["order.filled", "trade.executed"]);
    expect(w.status).toBe("active");
    for (let i = 1; i < WEBHOOK_PARAMS.maxPerAccount; i++) create(s);
    const sixth = createWebhook(s, { url: "https://example.com/6", events: ["order.filled"] }, T0, true, newId);
    expect(sixth).toMatchObject({ ok: false, status: 400, code: "WEBHOOK_LIMIT_REACHED" });
  });

  it("refuses unknown events and a missing url with field errors", () => {
    const r = createWebhook(slice(), { events: ["order.exploded"] }, T0, true, newId);
    expect(r).toMatchObject({ ok: false, status: 400, code: "VALIDATION_ERROR", fields: { url: expect.any(String), events: expect.any(String) } });
  });
});

describe("webhook PATCH", () => {
  it("changes only sent fields and accepts only active or paused", () => {
    const s = slice();
    const w = create(s, { description: "first" });
    expect(patchWebhook(w, { status: "paused" }, T0 + 1, true)).toEqual({ ok: true });
    expect(w).toMatchObject({ status: "paused", description: "first", url: "https://example.com/hook", updated_at: T0 + 1 });
    expect(patchWebhook(w, { status: "disabled" }, T0 + 2, true)).toMatchObject({ code: "VALIDATION_ERROR", fields: { status: expect.any(String) } });
    expect(patchWebhook(w, { url: "http://example.com" }, T0 + 2, true)).toMatchObject({ code: "VALIDATION_ERROR", fields: { url: expect.any(String) } });
    expect(w.status).toBe("paused");
  });

  it("re-activates a disabled webhook and clears its failure streak", () => {
    const s = slice();
    const w = create(s);
    for (let i = 0; i < WEBHOOK_PARAMS.disableAfterFailures; i++) recordDelivery(s, w.id, false, "HTTP 500", T0 + i);
    expect(w).toMatchObject({ status: "disabled", failure_count: WEBHOOK_PARAMS.disableAfterFailures, last_failure_reason: "HTTP 500" });
    patchWebhook(w, { status: "active" }, T0 + 100, true);
    expect(w).toMatchObject({ status: "active", failure_count: 0 });
  });
});

describe("delivery bookkeeping", () => {
  it("counts consecutive failures, resets on success, and disables after the threshold", () => {
    const s = slice();
    const w = create(s);
    recordDelivery(s, w.id, false, "HTTP 503", T0 + 1);
    recordDelivery(s, w.id, false, undefined, T0 + 2);
    expect(w).toMatchObject({ failure_count: 2, last_failure_at: T0 + 2, last_failure_reason: "delivery failed", status: "active" });
    recordDelivery(s, w.id, true, undefined, T0 + 3);
    expect(w).toMatchObject({ failure_count: 0, last_success_at: T0 + 3, last_failure_at: T0 + 2 });
    for (let i = 0; i < WEBHOOK_PARAMS.disableAfterFailures - 1; i++) recordDelivery(s, w.id, false, "HTTP 500", T0 + 10 + i);
    expect(w.status).toBe("active");
    recordDelivery(s, w.id, false, "HTTP 500", T0 + 50);
    expect(w.status).toBe("disabled");
  });

  it("sends only to active webhooks subscribed to the event", () => {
    const s = slice();
    const a = create(s, { events: ["order.filled", "trade.executed"] });
    const b = create(s, { events: ["order.filled"] });
    patchWebhook(b, { status: "paused" }, T0, true);
    expect(destinations(s, "order.filled")).toEqual([{ url: a.url, secret: a.secret, webhookId: a.id }]);
    expect(destinations(s, "deposit.completed")).toEqual([]);
  });
});
