import { randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { testDb } from "@/test/factories";
import { UpstreamError } from "./errors";
import { UpstreamClient } from "./http";
import { CALL_PRIORITIES, type CallPriority, PRIORITY_SHARE, currentPriority, reserveFor, withPriority } from "./priority";
import { prismaSql, type SqlRunner } from "./sql";
import { fixedKeys } from "./testing";

/**
 * The client's budget and cache statements, minus the budget's prune. The prune deletes every key's
 * buckets older than 3 minutes before its clock, and this file's clock is 2031: run beside
 * budget.test.ts (2030), it emptied that file's buckets mid-test. The prune is budget.test's
 * subject, not this file's.
 */
function withoutPrune(sql: SqlRunner): SqlRunner {
  return {
    query: <T>(text: string, params: unknown[]) => (/^\s*DELETE FROM rate_budget\b/i.test(text) ? Promise.resolve([] as T[]) : sql.query<T>(text, params)),
  };
}

describe("budget order", () => {
  it("gives each class a smaller share than the one before it", () => {
    const shares = CALL_PRIORITIES.map((p) => PRIORITY_SHARE[p]);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(new Set(shares).size).toBe(shares.length);
    // Of the 95 a minute the app lets through: write 95, webhook 90, watched 80, sweep 66, backfill 47.
    expect(CALL_PRIORITIES.map((p) => 95 - reserveFor(p, 95))).toEqual([95, 90, 80, 66, 47]);
  });

  it("carries the class through awaits to the calls made inside", async () => {
    expect(currentPriority()).toBeUndefined();
    await withPriority("backfill", async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentPriority()).toBe("backfill");
    });
  });

  it("carries the class across two copies of this module, as Next's bundles load it (a job's copy sets it, the client's copy reads it)", async () => {
    vi.resetModules();
    const jobsCopy = await import("./priority");
    vi.resetModules();
    const clientsCopy = await import("./priority");
    expect(jobsCopy.withPriority).not.toBe(clientsCopy.withPriority);
    await jobsCopy.withPriority("sweep", async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(clientsCopy.currentPriority()).toBe("sweep");
      expect(clientsCopy.currentPacing()).toBe(true);
    });
  });

  it("lets each class spend only its share of a key's minute, so a backfill at its share never blocks a write", async () => {
    const sleeps: number[] = [];
    const client = new UpstreamClient({
      db: testDb(),
      sql: withoutPrune(prismaSql(testDb())),
      keys: fixedKeys({ core: `sk_sandbox_${randomBytes(8).toString("hex")}` }),
      fetch: (async () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } })) as typeof fetch,
      baseUrl: () => "http://provider.test/v1",
      budgetLimit: 20,
      // The shares alone, all in one instant: no pacing (budget.test.ts covers it).
      budgetPaceWindowMs: 60_000,
      now: () => Date.UTC(2031, 0, 1, 12, 0, 1),
      sleep: async (ms) => void sleeps.push(ms),
    });
    const base = { surface: "core", environment: "sandbox", organizationId: "00000000-0000-4000-8000-000000000001", schema: z.unknown() } as const;
    const read = () => client.request({ ...base, method: "GET", path: "/deposits", cache: false });
    const write = () => client.request({ ...base, method: "POST", path: "/transfers", body: {} });
    const spendAll = async (p: CallPriority) => {
      let n = 0;
      for (;;) {
        try {
          await withPriority(p, read);
          n++;
        } catch (err) {
          expect(err).toBeInstanceOf(UpstreamError);
          expect((err as UpstreamError).kind).toBe("rate_limited");
          return n;
        }
      }
    };

    // Limit 20: backfill 10, sweep 14, watched 17, webhook 19, write 20.
    expect(await spendAll("backfill")).toBe(10);
    await write(); // 11 used: the backfill left the rest of the minute free
    expect(await spendAll("sweep")).toBe(3);
    expect(await spendAll("watched")).toBe(3);
    expect(await spendAll("webhook")).toBe(2);
    expect(await spendAll("backfill")).toBe(0);
    await write(); // the last request of the minute is a write's
    // Background classes never waited for a slot; nothing did.
    expect(sleeps).toEqual([]);
    await expect(write()).rejects.toMatchObject({ kind: "rate_limited" });
  });
});
