import { describe, expect, it } from "vitest";
import { SEED_KEYS } from "../testing";
import { canonicalJson, requestFingerprint } from "./idempotency";
import { emulatorPerSuite } from "./suite";
import { testSurfaces } from "./test-surfaces";

const suite = emulatorPerSuite({ modules: testSurfaces() });

function post(path: string, key: string | null, json: unknown, apiKey: string = SEED_KEYS.full) {
  const headers: Record<string, string> = {};
  if (key !== null) headers["X-Idempotency-Key"] = key;
  return suite.emu.request(path, { method: "POST", json, headers, apiKey });
}

describe("idempotency", () => {
  it("requires X-Idempotency-Key with a 400 in the core shape and a clear message", async () => {
    const res = await post("/v1/things", null, { amount: "1.00" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string; request_id: string } };
    expect(body.error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect(body.error.message).toContain("X-Idempotency-Key");
    expect(body.error.request_id).toMatch(/^req_/);
  });

  it("replays the first response exactly for the same key and body, with Idempotent-Replayed", async () => {
    const first = await post("/v1/things", "replay-1", { amount: "10.50", currency: "USD" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.text();

    // Same JSON with keys in another order is the same request.
    const again = await post("/v1/things", "replay-1", { currency: "USD", amount: "10.50" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toMatch(/^req_/);
    expect(await again.text()).toBe(firstBody);

    // Nothing was created twice.
    const list = (await (await suite.emu.request("/v1/things")).json()) as { data: Array<{ id: string }> };
    expect(list.data.filter((t) => t.id === (JSON.parse(firstBody) as { id: string }).id)).toHaveLength(1);
  });

  it("answers 409 IDEMPOTENCY_KEY_REUSED for the same key with a different body", async () => {
    expect((await post("/v1/things", "reuse-1", { amount: "1" })).status).toBe(201);
    const res = await post("/v1/things", "reuse-1", { amount: "2" });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS while the first request is still running", async () => {
    const slow = post("/v1/things?slow_ms=400", "inflight-1", { amount: "3" });
    await new Promise((r) => setTimeout(r, 100));
    const concurrent = await post("/v1/things?slow_ms=400", "inflight-1", { amount: "3" });
    expect(concurrent.status).toBe(409);
    expect(((await concurrent.json()) as { error: { code: string } }).error.code).toBe("IDEMPOTENCY_REQUEST_IN_PROGRESS");
    const done = await slow;
    expect(done.status).toBe(201);
    const replay = await post("/v1/things?slow_ms=400", "inflight-1", { amount: "3" });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
  });

  it("scopes keys per merchant: the same key on another merchant is a new request", async () => {
    const mine = await post("/v1/things", "shared-key", { amount: "5" });
    const theirs = await post("/v1/things", "shared-key", { amount: "5" }, SEED_KEYS.second);
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
  });

  it("uses the envelope shape on envelope surfaces", async () => {
    const res = await post("/pro/public/v1/things", null, {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: { code: "IDEMPOTENCY_KEY_REQUIRED" } });
  });

  it("keeps records for 24 hours of emulated time", async () => {
    expect((await post("/v1/things", "expiry-1", { v: 1 })).status).toBe(201);
    await suite.emu.control.advance(23 * 3_600_000);
    expect((await post("/v1/things", "expiry-1", { v: 2 })).status).toBe(409);
    await suite.emu.control.advance(2 * 3_600_000);
    const fresh = await post("/v1/things", "expiry-1", { v: 2 });
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("request fingerprint", () => {
  it("ignores key order and whitespace but not values, method or path", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    const base = requestFingerprint("POST", "/v1/transfers", '{"a":"1","b":"2"}');
    expect(requestFingerprint("POST", "/v1/transfers", '{ "b": "2", "a": "1" }')).toBe(base);
    expect(requestFingerprint("POST", "/v1/transfers", '{"a":"1","b":"3"}')).not.toBe(base);
    expect(requestFingerprint("POST", "/v1/recipients", '{"a":"1","b":"2"}')).not.toBe(base);
    expect(requestFingerprint("PUT", "/v1/transfers", '{"a":"1","b":"2"}')).not.toBe(base);
  });
});
