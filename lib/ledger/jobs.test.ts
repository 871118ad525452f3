/**
 * The ledger's jobs on pg-boss with two runners standing for two app instances: one sweep run per
 * key at a time across both, the chain's next run enqueued once, and a key without any provider
 * key ending its chain quietly.
 */
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SEED_KEYS, type TestEmulator } from "@/emulator/testing";
import { hasten, sendOptions, startJobRunner } from "@/lib/jobs/queue";
import { createTeam, testDb } from "@/test/factories";
import { createTeamWithKey, startSandbox, storeApiKey } from "@/test/fixtures";
import { upstreamFor } from "@/lib/upstream";
import { vaultKeyProvider } from "@/lib/upstream/key-provider";
import { emulatorClient } from "@/lib/upstream/testing";
import { unspendSeedKeys } from "@/test/ledger";
import { PACE_WINDOW_MS, keyHash } from "@/lib/upstream/budget";
import { LEDGER_SWEEP, type LedgerSweepData } from "./job-names";
import { kindDef } from "./kinds";
import { syncedKinds } from "./sync";
import { LEDGER_RUN_EXPIRE_SECONDS, SWEEP_EVERY_MS, type StateRow, WATCHED_EVERY_MS, defineLedgerJobs, dueKinds, runSweep, sweepClass } from "./jobs";

let emu: TestEmulator;
let a: PgBoss;
let b: PgBoss;
const runs: { key: string; phase: "start" | "end"; at: number }[] = [];

beforeAll(async () => {
  emu = await startSandbox();
  defineLedgerJobs({
    schedule: false,
    onRun: (name, data, phase) => {
      if (name === LEDGER_SWEEP) runs.push({ key: (data as LedgerSweepData).organizationId, phase, at: Date.now() });
    },
  });
  a = await startJobRunner(process.env.DATABASE_URL!);
  b = await startJobRunner(process.env.DATABASE_URL!);
}, 60_000);
afterAll(async () => {
  await Promise.all([a?.stop({ graceful: false, wait: true }), b?.stop({ graceful: false, wait: true })]);
  await emu.close();
});

/** Core, Coins and Stocks on the one demo key (more lists than a pace window reads), its budget unspent. */
async function teamOnOneKey() {
  const team = await createTeamWithKey();
  await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
  await storeApiKey(team, { surface: "stocks", key: SEED_KEYS.full });
  await unspendSeedKeys(emu.url);
  return { team, scope: { organizationId: team.org.id, environment: "sandbox" as const } };
}

describe("ledger jobs across two instances", () => {
  it("every sync queue fails a run stuck past its expiry, so a run a crash cut off holds up no key for long", async () => {
    const { rows } = await a.getDb().executeSql("SELECT name, expire_seconds FROM pgboss.queue WHERE name LIKE 'ledger-%' ORDER BY name", []);
    expect(rows.map((q: { name: string }) => q.name)).toEqual(
      expect.arrayContaining(["ledger-account-check", "ledger-backfill", "ledger-fetch", "ledger-sweep"]),
    );
    for (const q of rows) expect(q).toMatchObject({ expire_seconds: LEDGER_RUN_EXPIRE_SECONDS });
  });

  it("runs one sweep per key at a time, however many instances enqueue it", async () => {
    const team = await createTeamWithKey();
    const data: LedgerSweepData = { organizationId: team.org.id, environment: "sandbox", reason: "schedule" };
    // Both instances enqueue the chain three times at once, as their schedules and key-add would.
    const sent = await Promise.all([a, b, a, b, a, b].map((boss) => boss.send(LEDGER_SWEEP, data, sendOptions(LEDGER_SWEEP, data))));
    // One waits; a second is taken only if a worker started the first between two of the sends
    // (one running and one waiting is what the policy allows), never more.
    const accepted = sent.filter(Boolean).length;
    expect(accepted).toBeGreaterThanOrEqual(1);
    expect(accepted).toBeLessThanOrEqual(2);

    const mine = () => runs.filter((r) => r.key === team.org.id);
    const deadline = Date.now() + 90_000;
    while (mine().filter((r) => r.phase === "end").length < accepted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    // Never two at once across the two instances: each run ends before the next starts.
    expect(mine().map((r) => r.phase)).toEqual(Array.from({ length: accepted }, () => ["start", "end"]).flat());

    // The run enqueued the chain's next run for when the lists are due again; only that one waits.
    const waiting = await testDb().$queryRawUnsafe<{ start_after: Date }[]>(
      `SELECT start_after FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
      LEDGER_SWEEP,
      `${team.org.id}:sandbox`,
    );
    expect(waiting).toHaveLength(1);
    // Due again SWEEP_EVERY_MS after the list swept first (rounded up to the queue's whole seconds).
    const states = await testDb().syncState.findMany({ where: { organizationId: team.org.id }, select: { lastSweptAt: true } });
    const firstSwept = Math.min(...states.map((s) => s.lastSweptAt!.getTime()));
    const due = waiting[0]!.start_after.getTime() - (firstSwept + SWEEP_EVERY_MS);
    expect(due).toBeGreaterThanOrEqual(-1_000);
    expect(due).toBeLessThanOrEqual(3_000);
    // The core key's ten lists and its two snapshots (the balance, the funding configuration).
    expect(await testDb().syncState.count({ where: { organizationId: team.org.id, lastSweptAt: { not: null } } })).toBe(12);
  }, 120_000);

  it("a list newly watched brings the chain's waiting run forward to 5 s, or starts one; a sooner run stays", async () => {
    const team = await createTeamWithKey();
    const data: LedgerSweepData = { organizationId: team.org.id, environment: "sandbox", reason: "schedule" };
    const waiting = () =>
      testDb().$queryRawUnsafe<{ start_after: Date }[]>(
        `SELECT start_after FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'created'`,
        LEDGER_SWEEP,
        `${team.org.id}:sandbox`,
      );
    const inSeconds = async () => ((await waiting())[0]!.start_after.getTime() - Date.now()) / 1000;

    // None waits: one is enqueued for 5 s from now.
    await hasten(LEDGER_SWEEP, data, 5, Promise.resolve(a));
    expect(await waiting()).toHaveLength(1);
    expect(await inSeconds()).toBeGreaterThan(3);
    expect(await inSeconds()).toBeLessThanOrEqual(5);
    await testDb().$executeRawUnsafe(`DELETE FROM pgboss.job WHERE name = $1 AND singleton_key = $2`, LEDGER_SWEEP, `${team.org.id}:sandbox`);

    // The chain's run waits 25 s away, as set before the list was opened: brought to 5 s, still one.
    await a.send(LEDGER_SWEEP, data, sendOptions(LEDGER_SWEEP, data, 25));
    expect(await inSeconds()).toBeGreaterThan(20);
    await hasten(LEDGER_SWEEP, data, 5, Promise.resolve(b));
    expect(await waiting()).toHaveLength(1);
    expect(await inSeconds()).toBeLessThanOrEqual(5);
    // A run already due sooner is not pushed back.
    await hasten(LEDGER_SWEEP, data, 20, Promise.resolve(a));
    expect(await inSeconds()).toBeLessThanOrEqual(5);
  });

  it("one key's spent share holds back only its own lists: the other key's are read in the same run", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "pro", key: SEED_KEYS.pro });
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    // The demo key's minute is spent (by other instances, say); Pro's key is untouched.
    const bucket = new Date(Math.floor(Date.now() / 1000) * 1000);
    await testDb().rateBudget.upsert({
      where: { keyHash_windowStart: { keyHash: keyHash(SEED_KEYS.full, new URL(emu.url).origin), windowStart: bucket } },
      create: { keyHash: keyHash(SEED_KEYS.full, new URL(emu.url).origin), windowStart: bucket, count: 95 },
      update: { count: 95 },
    });
    const next = await runSweep({ ...scope, reason: "schedule" });
    const swept = async (kind: string) =>
      (await testDb().syncState.findUnique({ where: { organizationId_environment_kind: { ...scope, kind } } }))?.lastSweptAt ?? null;
    expect(await swept("pro_order")).not.toBeNull();
    expect(await swept("pro_balances")).not.toBeNull();
    expect(await swept("deposit")).toBeNull();
    // Next when the Pro lists are due again (25 s); the core lists wait for the demo key's minute
    // to have room (about 60 s): not every second.
    expect(next).toBeGreaterThan(20_000);
    expect(next).toBeLessThanOrEqual(SWEEP_EVERY_MS);
    await unspendSeedKeys(emu.url);
  });

  it("a 429 on one surface holds back every surface of its key: a younger list of another surface does not take its turn", async () => {
    const team = await createTeamWithKey();
    await storeApiKey(team, { surface: "coins", key: SEED_KEYS.full });
    await storeApiKey(team, { surface: "pro", key: SEED_KEYS.pro });
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    await runSweep({ ...scope, reason: "schedule" });
    await unspendSeedKeys(emu.url);
    // Every list due: the core lists longest, Coins' and Pro's since less long.
    const kinds = await syncedKinds(scope);
    const ago = (ms: number) => new Date(Date.now() - ms);
    const core = kinds.filter((k) => kindDef(k)?.surface === "core");
    await testDb().syncState.updateMany({ where: { ...scope, kind: { in: core } }, data: { lastSweptAt: ago(60_000) } });
    await testDb().syncState.updateMany({ where: { ...scope, kind: { notIn: core } }, data: { lastSweptAt: ago(30_000) } });

    // The provider's limiter counts per key: it refuses the first core read, as it would every read on the key.
    const calls: string[] = [];
    const refusing = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      calls.push(path);
      if (path.startsWith("/v1/")) {
        return new Response(JSON.stringify({ error: { code: "RATE_LIMITED", message: "Too many requests" } }), {
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "30" },
        });
      }
      return fetch(input, init);
    }) as typeof fetch;
    const up = upstreamFor(scope, emulatorClient(testDb(), emu.url, vaultKeyProvider, { fetch: refusing }));
    const next = await runSweep({ ...scope, reason: "schedule" }, () => up);

    expect(calls.filter((p) => p.startsWith("/v1/"))).toHaveLength(1);
    expect(calls.filter((p) => p.startsWith("/coins/"))).toEqual([]);
    // Pro has a key of its own: its lists are read.
    expect(calls.filter((p) => p.startsWith("/pro/")).length).toBeGreaterThan(0);
    // The chain comes back when the key may be asked again, not every second.
    expect(next).toBeGreaterThan(20_000);
    await unspendSeedKeys(emu.url);
  });

  it("a refusal at the lower class holds back only that class: the key's lists on the schedule are still read", async () => {
    const team = await createTeamWithKey();
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    await runSweep({ ...scope, reason: "schedule" });
    await unspendSeedKeys(emu.url);
    const ago = (ms: number) => new Date(Date.now() - ms);
    await testDb().syncState.updateMany({ where: scope, data: { lastSweptAt: ago(30_000) } });
    // The provider refused the transfers list 10 minutes ago: asked again now, under the "sweep" class, first.
    await testDb().syncState.updateMany({
      where: { ...scope, kind: "transfer" },
      data: { lastSweptAt: ago(600_000), lastError: "Refused", lastErrorAt: ago(600_000) },
    });
    // 70 of the key's minute spent 30 s ago: past the sweep class's 66, within the watched class's 80.
    const hash = keyHash(SEED_KEYS.full, new URL(emu.url).origin);
    const bucket = new Date(Math.floor((Date.now() - 30_000) / 1000) * 1000);
    await testDb().rateBudget.create({ data: { keyHash: hash, windowStart: bucket, count: 70 } });

    await runSweep({ ...scope, reason: "schedule" });
    const sweptAt = async (kind: string) =>
      (await testDb().syncState.findUnique({ where: { organizationId_environment_kind: { ...scope, kind } } }))!.lastSweptAt!.getTime();
    expect(await sweptAt("transfer")).toBeLessThan(Date.now() - 500_000);
    expect(await sweptAt("deposit")).toBeGreaterThan(Date.now() - 10_000);
    await unspendSeedKeys(emu.url);
  });

  it("a key just added has every list read in the chain's first run; later runs are paced", async () => {
    const { scope } = await teamOnOneKey();
    const swept = () => testDb().syncState.count({ where: { ...scope, lastSweptAt: { not: null } } });
    // Core, Coins and Stocks on the one demo key: more lists than the watched pace (8 per 6 s).
    const lists = (await syncedKinds(scope)).filter((k) => kindDef(k)?.list).length;
    expect(lists).toBeGreaterThan(8);

    await runSweep({ ...scope, reason: "schedule" });
    expect(await swept()).toBe(lists);

    // All due again at once (as after a quiet minute): now the pace holds, nothing read within its 6 s.
    await testDb().syncState.updateMany({ where: scope, data: { lastSweptAt: new Date(Date.now() - 60_000) } });
    const next = await runSweep({ ...scope, reason: "schedule" });
    expect(await testDb().syncState.count({ where: { ...scope, lastSweptAt: { gt: new Date(Date.now() - 30_000) } } })).toBe(0);
    expect(next).toBeGreaterThan(1_000);
    await unspendSeedKeys(emu.url);
  });

  it("a run the pace holds back goes on in the same job as the pace frees slots, instead of waiting for the queue's next run", async () => {
    const { team, scope } = await teamOnOneKey();
    // Reference data keeps its own slower pace (kinds.ts `everyMs`): not due a minute after its sweep.
    const kinds = (await syncedKinds(scope)).filter((k) => kindDef(k)?.list && !kindDef(k)?.everyMs);
    await runSweep({ ...scope, reason: "schedule" });
    await unspendSeedKeys(emu.url);
    // Twelve lists due at once: more than one pace window's reads (8 per 6 s), and well within the
    // run's 15 s for two windows even on a busy machine.
    const due = kinds.slice(0, 12);
    expect(due).toHaveLength(12);
    await testDb().syncState.updateMany({ where: { ...scope, kind: { in: due } }, data: { lastSweptAt: new Date(Date.now() - 60_000) } });
    const from = new Date();
    const data: LedgerSweepData = { ...scope, reason: "schedule" };
    await a.send(LEDGER_SWEEP, data, sendOptions(LEDGER_SWEEP, data));
    const mine = () => runs.filter((r) => r.key === team.org.id);
    await vi.waitFor(() => expect(mine().some((r) => r.phase === "end")).toBe(true), { timeout: 40_000, interval: 200 });
    // One run, and in it every list: the pace's later slots were taken as they came.
    expect(mine().map((r) => r.phase)).toEqual(["start", "end"]);
    expect(await testDb().syncState.count({ where: { ...scope, kind: { in: due }, lastSweptAt: { gte: from } } })).toBe(due.length);
    await unspendSeedKeys(emu.url);
  }, 60_000);

  it("ends the chain quietly for an organization without a key", async () => {
    const team = await createTeam();
    expect(await runSweep({ organizationId: team.org.id, environment: "sandbox", reason: "schedule" })).toBeNull();
  });
});

describe("which lists a sweep run reads first", () => {
  const state = (kind: string, lastSweptAt: number | null, watchedUntil: number | null = null): StateRow => ({
    kind,
    lastSweptAt: lastSweptAt === null ? null : new Date(lastSweptAt),
    lastError: null,
    lastErrorAt: null,
    watchedUntil: watchedUntil === null ? null : new Date(watchedUntil),
    backfillFinishedAt: null,
  });

  it("reads the never-swept lists, then the least recently swept, and leaves the ones not due", () => {
    const now = 1_000_000;
    const states = new Map([
      ["deposit", state("deposit", now - SWEEP_EVERY_MS - 1_000)],
      ["transfer", state("transfer", now - SWEEP_EVERY_MS - 9_000)],
      ["recipient", state("recipient", now - 1_000)],
    ]);
    expect(dueKinds(["deposit", "transfer", "recipient", "withdrawal"], states, now)).toEqual(["withdrawal", "transfer", "deposit"]);
  });

  it("reads a list nobody watches, due for its 30 s promise, before watched lists swept more recently", () => {
    const now = 1_000_000;
    const states = new Map([
      ["deposit", state("deposit", now - 20_000, now + 60_000)],
      ["transfer", state("transfer", now - 8_000, now + 60_000)],
      ["recipient", state("recipient", now - SWEEP_EVERY_MS - 500)],
    ]);
    expect(dueKinds(["deposit", "transfer", "recipient"], states, now)).toEqual(["recipient", "deposit", "transfer"]);
  });

  it("keeps every list within 30 s while people watch half of them and the pace allows only so many reads", () => {
    // 22 lists on one key (the demo's core, Coins and Stocks), 11 of them watched; a run every
    // second reads due lists in order while the key's pace window holds fewer reads than the
    // watched share's pace (80 a minute, lib/upstream/budget.ts). Each list's oldest age when it is read:
    const pace = Math.floor((80 * PACE_WINDOW_MS) / 60_000);
    const kinds = Array.from({ length: 22 }, (_, i) => `list-${i}`);
    let now = 1_000_000;
    const watchedUntil = (i: number) => (i % 2 === 0 ? now + 3_600_000 : null);
    // Start as the sweeps left them with nobody watching: spread over the last 25 s.
    const states = new Map(kinds.map((k, i) => [k, state(k, now - (i * SWEEP_EVERY_MS) / kinds.length, watchedUntil(i))]));
    const reads: number[] = [];
    let oldest = 0;
    for (let run = 0; run < 300; run++, now += 1_000) {
      for (const kind of dueKinds(kinds, states, now)) {
        while (reads.length && reads[0]! <= now - PACE_WINDOW_MS) reads.shift();
        if (reads.length >= pace) break;
        const s = states.get(kind)!;
        oldest = Math.max(oldest, now - s.lastSweptAt!.getTime());
        reads.push(now);
        states.set(kind, { ...s, lastSweptAt: new Date(now) });
      }
    }
    expect(oldest).toBeLessThanOrEqual(SWEEP_EVERY_MS + 1_000);
    expect(WATCHED_EVERY_MS).toBeLessThan(SWEEP_EVERY_MS);
  });

  it("sweeps every list on the schedule with the watched lists' class, and reference data and refused lists below it", () => {
    const now = 1_000_000;
    expect(sweepClass("recipient", state("recipient", now - SWEEP_EVERY_MS), "schedule", now)).toBe("watched");
    expect(sweepClass("deposit", state("deposit", now - 6_000, now + 60_000), "schedule", now)).toBe("watched");
    expect(sweepClass("deposit", undefined, "schedule", now)).toBe("watched");
    expect(sweepClass("deposit", state("deposit", now - 1_000), "refresh", now)).toBe("watched");
    expect(sweepClass("coins_deposit_options", state("coins_deposit_options", now - 600_000), "schedule", now)).toBe("sweep");
    expect(
      sweepClass("deposit", { ...state("deposit", now - 600_000), lastError: "The key lacks a scope.", lastErrorAt: new Date(now - 400_000) }, "schedule", now),
    ).toBe("sweep");
  });

  it("spreads a share that reads two lists a run over all twelve watched lists, instead of the same two every run", () => {
    const kinds = Array.from({ length: 12 }, (_, i) => `list-${i}`);
    let now = 1_000_000;
    const states = new Map(kinds.map((k) => [k, state(k, now - 60_000, now + 600_000)]));
    const lastRead = new Map<string, number>();
    // A run every 2 s for two minutes; the budget's share lets each run read two lists.
    for (let run = 0; run < 60; run++, now += 2_000) {
      for (const kind of dueKinds(kinds, states, now).slice(0, 2)) {
        states.set(kind, state(kind, now, now + 600_000));
        lastRead.set(kind, now);
      }
    }
    // Twelve lists, two a run: each is read every six runs (12 s), none waits longer.
    expect(lastRead.size).toBe(12);
    for (const kind of kinds) expect(now - lastRead.get(kind)!).toBeLessThanOrEqual(12_000);
  });
});
