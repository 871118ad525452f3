import { afterEach, describe, expect, it } from "vitest";
import { emulatorPerSuite } from "../lib/suite";
import { testSurfaces } from "../lib/test-surfaces";
import { SEED_KEYS, withEmulator } from "../testing";

const suite = emulatorPerSuite({ modules: testSurfaces() });
afterEach(async () => {
  await suite.emu.control.clearFaults();
});

const control = (p: string, init?: RequestInit) => fetch(`${suite.emu.url}/__emulator${p}`, init);
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

describe("control API", () => {
  it("reports health", async () => {
    const res = await control("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("lists the seeded keys exactly", async () => {
    const { keys } = (await (await control("/keys")).json()) as {
      keys: Array<{ key: string; merchant_id: string; environment: string; scopes: string[]; frozen: boolean }>;
    };
    const byKey = Object.fromEntries(keys.map((k) => [k.key, k]));
    const demo = "7b1d5c1e-0000-4000-8000-000000000001";
    expect(byKey[SEED_KEYS.full]).toMatchObject({ merchant_id: demo, environment: "sandbox", scopes: ["Read", "Write", "Trade"], frozen: false });
    expect(byKey[SEED_KEYS.readonly]).toMatchObject({ merchant_id: demo, scopes: ["Read"] });
    expect(byKey[SEED_KEYS.noread]).toMatchObject({ merchant_id: demo, scopes: ["Write", "Trade"] });
    expect(byKey[SEED_KEYS.pro]).toMatchObject({ merchant_id: demo, environment: "sandbox", scopes: ["Read", "Write", "Trade"] });
    expect(byKey[SEED_KEYS.live]).toMatchObject({ merchant_id: demo, environment: "live" });
    expect(byKey[SEED_KEYS.frozen]).toMatchObject({ merchant_id: "7b1d5c1e-0000-4000-8000-000000000002", frozen: true });
    expect(byKey[SEED_KEYS.second]).toMatchObject({ merchant_id: "7b1d5c1e-0000-4000-8000-000000000003", frozen: false });
    expect(keys).toHaveLength(7);
  });

  it("validates the webhook target", async () => {
    for (const body of [
      { merchant_id: "7b1d5c1e-0000-4000-8000-000000000001", surface: "coins", url: "https://x.test/h", secret: "secret-123" },
      { merchant_id: "7b1d5c1e-0000-4000-8000-000000000001", surface: "core", url: "ftp://x.test/h", secret: "secret-123" },
      { merchant_id: "7b1d5c1e-0000-4000-8000-000000000001", surface: "core", url: "https://x.test/h", secret: "" },
      { merchant_id: "nobody", surface: "core", url: "https://x.test/h", secret: "secret-123" },
      {},
    ]) {
      const res = await control("/webhook-target", json("PUT", body));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
    const bad = await control("/webhook-target", { method: "PUT", body: "{oops", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
  });

  it("resets state to the seed and keeps webhook targets by default", async () => {
    await suite.emu.request("/v1/things", { method: "POST", json: { x: 1 }, headers: { "X-Idempotency-Key": "reset-1" } });
    await suite.emu.control.setWebhookTarget({ surface: "core", url: "https://hooks.example.test/a", secret: "secret-123" });
    await suite.emu.control.advance(1_000);
    await suite.emu.control.reset();
    const list = (await (await suite.emu.request("/v1/things")).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
    expect(((await (await control("/clock")).json()) as { offset_ms: number }).offset_ms).toBe(0);
    const target = await control("/webhook-target?merchant_id=7b1d5c1e-0000-4000-8000-000000000001&surface=core");
    expect(target.status).toBe(200);
    await suite.emu.control.reset({ keepWebhookTargets: false });
    expect((await control("/webhook-target?merchant_id=7b1d5c1e-0000-4000-8000-000000000001&surface=core")).status).toBe(404);
  });

  it("counts each key's requests, its 429s and its busiest minute, and clears them on reset", async () => {
    await suite.emu.control.reset();
    await suite.emu.request("/v1/ping");
    await suite.emu.request("/v1/ping");
    await suite.emu.request("/v1/ping", { apiKey: SEED_KEYS.readonly });
    await control("/faults", json("POST", { path_prefix: "/v1/ping", error_status: 429, times: 1 }));
    expect((await suite.emu.request("/v1/ping")).status).toBe(429);
    await fetch(`${suite.emu.url}/v1/ping`); // no key: counted for nobody
    const res = await control("/requests");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { window_ms: number; keys: Array<{ key: string }> };
    expect(body.window_ms).toBe(60_000);
    const byKey = Object.fromEntries(body.keys.map((k) => [k.key, k]));
    expect(byKey[SEED_KEYS.full]).toEqual({
      key: SEED_KEYS.full,
      requests: 3,
      rate_limited: 1,
      last_minute: 3,
      peak_per_minute: 3,
      endpoints: { "GET /v1/ping": 3 },
    });
    expect(byKey[SEED_KEYS.readonly]).toMatchObject({ key: SEED_KEYS.readonly, requests: 1, rate_limited: 0, last_minute: 1, peak_per_minute: 1 });
    expect(body.keys).toHaveLength(2);
    await suite.emu.control.advance(60_000);
    const later = (await (await control("/requests")).json()) as { keys: Array<{ key: string; last_minute: number; peak_per_minute: number }> };
    expect(later.keys.find((k) => k.key === SEED_KEYS.full)).toMatchObject({ last_minute: 0, peak_per_minute: 3 });
    await suite.emu.control.reset();
    expect(((await (await control("/requests")).json()) as { keys: unknown[] }).keys).toEqual([]);
  });

  it("advances the clock, runs ticks and reports the new now", async () => {
    const before = Date.parse(((await (await control("/clock")).json()) as { now: string }).now);
    const ticksBefore = ((await (await suite.emu.request("/v1/hooks/results")).json()) as { ticks: number }).ticks;
    const res = await control("/clock", json("POST", { advance_ms: 3_600_000 }));
    expect(res.status).toBe(200);
    const { now } = (await res.json()) as { now: string };
    expect(Date.parse(now) - before).toBeGreaterThanOrEqual(3_600_000);
    const ticksAfter = ((await (await suite.emu.request("/v1/hooks/results")).json()) as { ticks: number }).ticks;
    expect(ticksAfter).toBeGreaterThan(ticksBefore);
    expect((await control("/clock", json("POST", { advance_ms: -5 }))).status).toBe(400);
    expect((await control("/clock", json("POST", { advance_ms: "60000" }))).status).toBe(400);
  });

  it("answers unknown control routes with 404", async () => {
    expect((await control("/nope")).status).toBe(404);
  });
});

describe("faults", () => {
  it("adds latency to matching paths only", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/v1/ping", latency_ms: 800 });
    let t = Date.now();
    expect((await suite.emu.request("/v1/ping")).status).toBe(200);
    expect(Date.now() - t).toBeGreaterThanOrEqual(780);
    t = Date.now();
    expect((await suite.emu.request("/coins/v1/ping")).status).toBe(200);
    // Generous bound: the machine may be busy, but nowhere near the injected 800 ms.
    expect(Date.now() - t).toBeLessThan(600);
  });

  it("answers an error status in the surface's shape, optionally for a number of requests", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/v1/ping", error_status: 500, times: 2 }, { path_prefix: "/pro/", error_status: 503 });
    const a = await suite.emu.request("/v1/ping");
    expect(a.status).toBe(500);
    expect(((await a.json()) as { error: { code: string; request_id: string } }).error).toMatchObject({ code: "internal_error" });
    expect((await suite.emu.request("/v1/ping")).status).toBe(500);
    expect((await suite.emu.request("/v1/ping")).status).toBe(200);
    const p = await suite.emu.request("/pro/public/v1/ping");
    expect(p.status).toBe(503);
    expect(await p.json()).toMatchObject({ success: false, error: { code: "SERVICE_UNAVAILABLE" } });
  });

  it("applies error_rate as a probability", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/stocks/", error_status: 500, error_rate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await suite.emu.request("/stocks/v1/ping", { apiKey: SEED_KEYS.readonly })).status);
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
  });

  it("returns malformed JSON", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/coins/v1/ping", malformed_json: true });
    const res = await suite.emu.request("/coins/v1/ping");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const text = await res.text();
    expect(() => JSON.parse(text) as unknown).toThrow();
  });

  it("storms 429 with Retry-After, and clearing faults restores service", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/pro/", rate_limit_storm: true, retry_after_seconds: 7 });
    const res = await suite.emu.request("/pro/public/v1/ping");
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("7");
    expect(await res.json()).toMatchObject({ error: { code: "RATE_LIMIT_EXCEEDED" } });
    const listed = (await (await control("/faults")).json()) as { faults: unknown[] };
    expect(listed.faults).toHaveLength(1);
    await suite.emu.control.clearFaults();
    expect((await suite.emu.request("/pro/public/v1/ping")).status).toBe(200);
  });

  it("makes wallet endpoints unavailable with 503, leaving other endpoints alone", async () => {
    await suite.emu.control.setFaults({ wallet_unavailable: true });
    const options = await suite.emu.request("/pro/public/v1/withdrawals/options");
    expect(options.status).toBe(503);
    expect(await options.json()).toMatchObject({ success: false, error: { code: "SERVICE_UNAVAILABLE" } });
    expect((await suite.emu.request("/stocks/v1/wallet/portfolio")).status).toBe(503);
    expect((await suite.emu.request("/pro/public/v1/ping")).status).toBe(200);
    expect((await suite.emu.request("/v1/ping")).status).toBe(200);
  });

  it("holds the request on timeout until the client gives up", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/v1/ping", timeout: true });
    await expect(suite.emu.request("/v1/ping", { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    await suite.emu.control.clearFaults();
    await suite.emu.control.setFaults({ path_prefix: "/v1/ping", timeout: 200 });
    const res = await suite.emu.request("/v1/ping");
    expect(res.status).toBe(504);
  });

  it("rejects invalid faults", async () => {
    for (const body of [{ path_prefix: "/v1" }, { path_prefix: "v1", latency_ms: 5 }, { error_rate: 2, error_status: 500 }, { bogus: true, latency_ms: 1 }]) {
      expect((await control("/faults", json("POST", body))).status).toBe(400);
    }
  });
});

describe("live mode", () => {
  it("refuses the control API and sandbox keys, accepts live keys", async () => {
    const live = await withEmulator({ modules: testSurfaces(), mode: "live" });
    try {
      expect((await fetch(`${live.url}/__emulator/health`)).status).toBe(404);
      expect((await fetch(`${live.url}/__emulator/keys`)).status).toBe(404);
      expect((await fetch(`${live.url}/__emulator/reset`, { method: "POST" })).status).toBe(404);
      const sandboxKey = await live.request("/v1/ping", { apiKey: SEED_KEYS.full });
      expect(sandboxKey.status).toBe(401);
      expect(((await sandboxKey.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
      expect((await live.request("/v1/ping", { apiKey: SEED_KEYS.live })).status).toBe(200);
    } finally {
      await live.close();
    }
  });
});

describe("ticks", () => {
  it("keeps running the other surfaces and serving when one surface's tick throws", async () => {
    const modules = testSurfaces().map((m) =>
      m.name === "coins"
        ? {
            ...m,
            tick: () => {
              throw new Error("coins tick failure (expected by this test)");
            },
          }
        : m,
    );
    const e = await withEmulator({ modules, logLevel: "silent" });
    try {
      const ticks = async () => ((await (await e.request("/v1/hooks/results")).json()) as { ticks: number }).ticks;
      const before = await ticks();
      const res = await fetch(`${e.url}/__emulator/clock`, json("POST", { advance_ms: 1_000 }));
      expect(res.status).toBe(200);
      expect(await ticks()).toBeGreaterThan(before);
      expect((await e.request("/coins/v1/ping")).status).toBe(200);
    } finally {
      await e.close();
    }
  });
});

describe("state dump", () => {
  it("never shows webhook target secrets", async () => {
    await suite.emu.control.setWebhookTarget({ surface: "core", url: "https://hooks.example.test/s", secret: "very-secret-value" });
    const text = await (await control("/state")).text();
    expect(text).toContain("hooks.example.test");
    expect(text).not.toContain("very-secret-value");
  });
});
