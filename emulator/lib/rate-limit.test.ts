import { describe, expect, it } from "vitest";
import { SEED_KEYS } from "../testing";
import { RateLimiter } from "./rate-limit";
import { emulatorPerSuite } from "./suite";
import { testSurfaces } from "./test-surfaces";

const suite = emulatorPerSuite({ modules: testSurfaces(), rateLimitPerMinute: 5 });

describe("rate limit over HTTP", () => {
  it("answers 429 with Retry-After in each surface's shape, per key, and recovers after the window", async () => {
    for (let i = 0; i < 5; i++) expect((await suite.emu.request("/v1/ping")).status).toBe(200);
    const limited = await suite.emu.request("/v1/ping");
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");

    // The budget is per key, shared by all surfaces: another surface with the same key is limited too.
    const pro = await suite.emu.request("/pro/public/v1/ping");
    expect(pro.status).toBe(429);
    expect(pro.headers.get("retry-after")).not.toBeNull();
    expect(await pro.json()).toMatchObject({ success: false, error: { code: "RATE_LIMIT_EXCEEDED" } });

    // Another key of the same merchant has its own budget.
    expect((await suite.emu.request("/v1/ping", { apiKey: SEED_KEYS.readonly })).status).toBe(200);

    await suite.emu.control.advance(60_000);
    expect((await suite.emu.request("/v1/ping")).status).toBe(200);
  });
});

describe("RateLimiter", () => {
  it("is a sliding window: capacity returns as the oldest requests leave the window", () => {
    let now = 0;
    const rl = new RateLimiter(3, () => now, 60_000);
    expect(rl.check("k").allowed).toBe(true); // t=0
    now = 20_000;
    expect(rl.check("k").allowed).toBe(true);
    now = 40_000;
    expect(rl.check("k").allowed).toBe(true);
    now = 50_000;
    const denied = rl.check("k");
    expect(denied).toEqual({ allowed: false, retryAfterSeconds: 10 });
    now = 60_001;
    expect(rl.check("k").allowed).toBe(true);
    expect(rl.check("k").allowed).toBe(false);
  });

  it("is off when the limit is 0", () => {
    const rl = new RateLimiter(0, () => 0);
    for (let i = 0; i < 1000; i++) expect(rl.check("k").allowed).toBe(true);
  });
});
