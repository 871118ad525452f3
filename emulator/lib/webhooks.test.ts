import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MERCHANT_ID, startWebhookReceiver, withEmulator, type TestEmulator, type WebhookReceiver } from "../testing";
import { emulatorPerSuite } from "./suite";
import { olderNamesFor, retryDelayMs } from "./webhooks";
import { testSurfaces } from "./test-surfaces";

const SECRET = "whsec_test_core_0123456789";
const PRO_SECRET = "b".repeat(64);
const hmac = (secret: string, body: string) => createHmac("sha256", secret).update(body).digest("hex");

const suite = emulatorPerSuite({ modules: testSurfaces(), clockFactor: 600 });
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await suite.emu.control.reset({ keepWebhookTargets: false });
  receiver.clear();
  receiver.respondWith(200);
  receiver.delayBy(0);
});
afterAll(async () => {
  await receiver.close();
});

function emit(path: string, event: string, data: unknown) {
  return suite.emu.request(path, { method: "POST", json: { event, data } });
}

describe("core webhooks", () => {
  it("signs the raw body with X-Daya-Signature and sends the current and older event names", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "core", url: receiver.url, secret: SECRET });
    const data = { id: "0b5f6e1a-1111-4111-8111-000000000001", status: "COMPLETED", amount: "1500.00" };
    expect((await emit("/v1/emit", "deposit.completed", data)).status).toBe(202);
    const got = await receiver.waitFor(2);
    const byEvent = new Map(got.map((r) => [(JSON.parse(r.body) as { event: string }).event, r]));

    const current = byEvent.get("deposit.completed");
    expect(current).toBeDefined();
    if (!current) return;
    expect(current.method).toBe("POST");
    expect(current.headers["content-type"]).toBe("application/json");
    expect(current.headers["user-agent"]).toBe("Daya-Webhook/1.0");
    expect(current.headers["x-daya-signature"]).toBe(hmac(SECRET, current.body));
    expect(current.headers["x-daya-signature"]).toMatch(/^[0-9a-f]{64}$/);
    const body = JSON.parse(current.body) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["data", "event", "timestamp"]);
    expect(body.data).toEqual(data);
    expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);

    const older = byEvent.get("deposit.settled");
    expect(older).toBeDefined();
    if (!older) return;
    expect(older.headers["x-daya-signature"]).toBe(hmac(SECRET, older.body));
    const olderBody = JSON.parse(older.body) as Record<string, unknown>;
    expect(Object.keys(olderBody).sort()).toEqual(["created_at", "data", "event", "event_id"]);
    expect(olderBody.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(olderBody.data).toEqual(data);
  });

  it("sends no older name for events that have none, and both older names for every funding_account.active", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "core", url: receiver.url, secret: SECRET });
    await emit("/v1/emit", "deposit.received", { id: "x" });
    // A funding account of today's API (no onramp_id, no object "onramp"): the spec's table still
    // names onramp.created as its older name, so integrations on the legacy onramp flow get it.
    const account = { id: "0b5f6e1a-1111-4111-8111-0000000000fa", status: "ACTIVE", type: "TEMPORARY" };
    await emit("/v1/emit", "funding_account.active", account);
    const got = await receiver.waitFor(4);
    await new Promise((r) => setTimeout(r, 150));
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { event: string; data: unknown });
    expect(bodies.map((b) => b.event).sort()).toEqual(["deposit.received", "funding_account.active", "onramp.created", "virtual_account.created"]);
    expect(bodies.find((b) => b.event === "onramp.created")?.data).toEqual(account);
    expect(got).toHaveLength(4);
    expect(olderNamesFor("transfer.completed")).toEqual(["transfer.settled"]);
    expect(olderNamesFor("funding_account.failed")).toEqual(["onramp.failed"]);
    expect(olderNamesFor("deposit.processing")).toEqual([]);
  });

  it("delivers nothing without a target, but records the event", async () => {
    await emit("/v1/emit", "deposit.failed", { id: "nope" });
    await new Promise((r) => setTimeout(r, 150));
    expect(receiver.received).toHaveLength(0);
    const events = (await (await fetch(`${suite.emu.url}/__emulator/events?merchant_id=${DEMO_MERCHANT_ID}`)).json()) as {
      events: Array<{ event: string }>;
    };
    expect(events.events[0]?.event).toBe("deposit.failed");
  });
});

describe("pro webhooks", () => {
  it("signs with X-Webhook-Signature sha256=, sends the event headers, and reaches the module's destinations", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "pro", url: receiver.url, secret: PRO_SECRET });
    const second = await startWebhookReceiver();
    try {
      const hookSecret = "c".repeat(64);
      await suite.emu.request("/pro/public/v1/hooks", { method: "POST", json: { url: second.url, secret: hookSecret, id: "wh-1" } });
      await emit("/pro/public/v1/emit", "order.filled", { order_id: "o-1", status: "filled" });
      const [atTarget] = await receiver.waitFor(1);
      const [atHook] = await second.waitFor(1);
      if (!atTarget || !atHook) throw new Error("missing delivery");

      expect(atTarget.headers["x-webhook-signature"]).toBe(`sha256=${hmac(PRO_SECRET, atTarget.body)}`);
      expect(atHook.headers["x-webhook-signature"]).toBe(`sha256=${hmac(hookSecret, atHook.body)}`);
      const body = JSON.parse(atTarget.body) as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(["data", "event_id", "timestamp", "type"]);
      expect(body.type).toBe("order.filled");
      expect(atTarget.headers["x-webhook-event"]).toBe("order.filled");
      expect(atTarget.headers["x-webhook-id"]).toBe(body.event_id);
      expect(atHook.headers["x-webhook-id"]).toBe(body.event_id);
      expect(atTarget.headers["user-agent"]).toBe("Daya-Webhook/1.0");
      expect(Number.isNaN(Date.parse(String(atTarget.headers["x-webhook-timestamp"])))).toBe(false);

      await new Promise((r) => setTimeout(r, 100));
      const results = (await (await suite.emu.request("/pro/public/v1/hooks/results")).json()) as { results: Array<{ url: string; ok: boolean }> };
      expect(results.results).toEqual([{ url: second.url, ok: true, reason: null }]);
    } finally {
      await second.close();
    }
  });
});

describe("delivery retries", () => {
  it("retries on 500 on the compressed schedule with the same event id, then succeeds; the log shows each attempt", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "pro", url: receiver.url, secret: PRO_SECRET });
    receiver.respondWith((n) => (n <= 2 ? 500 : 200));
    await emit("/pro/public/v1/emit", "order.cancelled", { order_id: "o-2" });
    // 1 min / 600 = 100 ms, then 5 min / 600 = 500 ms.
    const got = await receiver.waitFor(3, 5_000);
    const ids = new Set(got.map((r) => r.headers["x-webhook-id"]));
    expect(ids.size).toBe(1);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    expect(got[1]!.receivedAt - got[0]!.receivedAt).toBeGreaterThanOrEqual(80);
    expect(got[2]!.receivedAt - got[1]!.receivedAt).toBeGreaterThanOrEqual(400);

    await new Promise((r) => setTimeout(r, 50));
    const log = await suite.emu.control.deliveries(DEMO_MERCHANT_ID);
    const attempts = log.filter((d) => d.event === "order.cancelled").reverse();
    expect(attempts.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(attempts[0]!.next_attempt_at).not.toBeNull();
    expect(attempts[2]!.next_attempt_at).toBeNull();
    expect(attempts[0]!.url).toBe(receiver.url);
  });

  it("treats a slow endpoint as a failure (timeout) and retries", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "core", url: receiver.url, secret: SECRET });
    receiver.delayBy(1_500);
    await emit("/v1/emit", "deposit.processing", { id: "slow" });
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 1_200));
    const log = await suite.emu.control.deliveries(DEMO_MERCHANT_ID);
    expect(log[0]).toMatchObject({ event: "deposit.processing", ok: false, status: null });
    expect(log[0]!.error).toMatch(/timeout/);
  });

  it("has the documented schedule: 1 min, 5 min, 30 min, then hourly", () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 3_600_000, 3_600_000]);
  });
});

describe("retries driven by the emulated clock", () => {
  let slow: TestEmulator;
  beforeAll(async () => {
    slow = await withEmulator({ modules: testSurfaces(), clockFactor: 1 });
  });
  afterAll(async () => {
    await slow.close();
  });

  it("honours clock advances, and gives up after 24 hours", async () => {
    const r = await startWebhookReceiver();
    try {
      r.respondWith(503);
      await slow.control.setWebhookTarget({ surface: "core", url: r.url, secret: SECRET });
      await slow.request("/v1/emit", { method: "POST", json: { event: "deposit.failed", data: { id: "d" } } });
      await r.waitFor(1);
      await new Promise((res) => setTimeout(res, 50));
      expect(r.received).toHaveLength(1);

      await slow.control.advance(59_000);
      expect(r.received).toHaveLength(1); // not due yet
      await slow.control.advance(2_000);
      expect(r.received).toHaveLength(2);

      await slow.control.advance(25 * 3_600_000);
      expect(r.received).toHaveLength(3);
      const log = await slow.control.deliveries(DEMO_MERCHANT_ID);
      expect(log[0]).toMatchObject({ attempt: 3, status: 503, gave_up: true, next_attempt_at: null });
      const queue = (await (await fetch(`${slow.url}/__emulator/webhook-queue`)).json()) as { pending: unknown[] };
      expect(queue.pending).toEqual([]);
    } finally {
      await r.close();
    }
  });
});
