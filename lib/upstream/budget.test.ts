import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { testDb } from "@/test/factories";
import { RateBudget, keyHash } from "./budget";
import { fastSql, prismaSql } from "./sql";

// Two more, separate connection pools: they stand in for other instances of the app (one through
// Prisma, one through the production pg pool with asynchronous commit).
const other = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL! }) });
const third = fastSql(process.env.DATABASE_URL!);
afterAll(async () => {
  await other.$disconnect();
  await third.end();
});

const freshKey = () => keyHash(`sk_sandbox_${randomBytes(8).toString("hex")}`);
const minute = (n: number) => Date.UTC(2030, 0, 1, 12, n, 0);

describe("shared rate budget", () => {
  it("lets exactly the limit through across three instances hammering one key at once", async () => {
    const hash = freshKey();
    const now = () => minute(0) + 1_000;
    const a = new RateBudget(prismaSql(testDb()), { limit: 95, now });
    const b = new RateBudget(prismaSql(other), { limit: 95, now });
    const c = new RateBudget(third, { limit: 95, now });
    const results = await Promise.all(Array.from({ length: 150 }, (_, i) => [a, b, c][i % 3]!.take(hash)));
    expect(results.filter((r) => r.allowed)).toHaveLength(95);
    const refused = results.find((r) => !r.allowed);
    // All 95 were in the bucket of 12:00:01; it stops counting once 12:00:01.999 is 60 s old.
    expect(refused && !refused.allowed && refused.retryAfterMs).toBe(61_000);
    const row = await testDb().rateBudget.findUniqueOrThrow({ where: { keyHash_windowStart: { keyHash: hash, windowStart: new Date(minute(0) + 1_000) } } });
    expect(row.count).toBe(95);
  });

  it("stores only a hash of the key", async () => {
    const key = `sk_sandbox_${randomBytes(8).toString("hex")}`;
    await new RateBudget(prismaSql(testDb()), { now: () => minute(3) }).take(keyHash(key));
    const rows = await testDb().rateBudget.findMany({ where: { windowStart: new Date(minute(3)) } });
    expect(rows.some((r) => r.keyHash === keyHash(key))).toBe(true);
    expect(rows.some((r) => r.keyHash.includes(key))).toBe(false);
  });

  it("counts every request of the last 60 s, so a burst at the end of a minute still counts after it", async () => {
    const hash = freshKey();
    let t = minute(10) + 50_000;
    const budget = new RateBudget(prismaSql(testDb()), { limit: 10, now: () => t });
    for (let i = 0; i < 10; i++) expect((await budget.take(hash)).allowed).toBe(true);
    // 25 s later the minute has turned, but all ten are still inside the provider's last 60 s.
    t = minute(11) + 15_000;
    const refused = await budget.take(hash);
    expect(refused.allowed).toBe(false);
    // They leave it 60 s after 12:10:50.999.
    if (!refused.allowed) expect(refused.retryAfterMs).toBe(minute(10) + 50_000 + 61_000 - t);
    t = minute(10) + 50_000 + 61_000;
    const allowed = [];
    for (let i = 0; i < 11; i++) allowed.push((await budget.take(hash)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(10);
  });

  it("lets requests spread over the minute through as the oldest leave", async () => {
    const hash = freshKey();
    let t = minute(40);
    const budget = new RateBudget(prismaSql(testDb()), { limit: 3, now: () => t });
    for (const at of [0, 20_000, 40_000]) {
      t = minute(40) + at;
      expect((await budget.take(hash)).allowed).toBe(true);
    }
    t = minute(40) + 59_000;
    expect((await budget.take(hash)).allowed).toBe(false);
    t = minute(40) + 61_000; // the first one has left
    expect((await budget.take(hash)).allowed).toBe(true);
    expect((await budget.take(hash)).allowed).toBe(false);
  });

  it("a reserve leaves the last requests of the minute to callers that take without one", async () => {
    const hash = freshKey();
    const budget = new RateBudget(prismaSql(testDb()), { limit: 5, now: () => minute(50) });
    for (let i = 0; i < 3; i++) expect((await budget.take(hash, { reserve: 2 })).allowed).toBe(true);
    const refused = await budget.take(hash, { reserve: 2 });
    expect(refused).toEqual({ allowed: false, retryAfterMs: 61_000 });
    expect(await budget.take(hash)).toEqual({ allowed: true, used: 4 });
    expect(await budget.take(hash)).toEqual({ allowed: true, used: 5 });
    expect((await budget.take(hash)).allowed).toBe(false);
  });

  it("paces a background caller: a tenth of its share per 6 s, so its minute is not spent in one burst", async () => {
    const hash = freshKey();
    let t = minute(55);
    const budget = new RateBudget(prismaSql(testDb()), { limit: 95, now: () => t });
    // A sweep's share is 66 a minute: at most 6 in any 6 s, however hard it pulls.
    const burst = await Promise.all(Array.from({ length: 30 }, () => budget.take(hash, { reserve: 29, pace: true })));
    expect(burst.filter((d) => d.allowed)).toHaveLength(6);
    // It may go on once their second is no longer one of the last six; the peek agrees.
    const refused = burst.find((d) => !d.allowed);
    expect(refused && !refused.allowed && refused.retryAfterMs).toBe(6_000);
    expect((await budget.peek(hash, { reserve: 29, pace: true })).allowed).toBe(false);
    // A write is not paced: it has the rest of the minute.
    expect((await budget.take(hash)).allowed).toBe(true);
    t += 5_999;
    expect((await budget.peek(hash, { reserve: 29, pace: true })).allowed).toBe(false);
    t += 1;
    expect((await budget.peek(hash, { reserve: 29, pace: true })).allowed).toBe(true);
    // Pulled flat out for a minute, it gets a tenth of its share every 6 s, spread over the minute.
    let got = 7;
    for (let s = 6; s < 60; s++) {
      t = minute(55) + s * 1_000;
      for (let i = 0; i < 5; i++) if ((await budget.take(hash, { reserve: 29, pace: true })).allowed) got++;
    }
    expect(got).toBeGreaterThanOrEqual(58);
    expect(got).toBeLessThanOrEqual(66);
  });

  it("prunes windows that can no longer matter", async () => {
    const hash = freshKey();
    await new RateBudget(prismaSql(testDb()), { now: () => minute(20) }).take(hash);
    await new RateBudget(prismaSql(testDb()), { now: () => minute(30) }).prune(minute(30));
    expect(await testDb().rateBudget.count({ where: { keyHash: hash } })).toBe(0);
  });
});
