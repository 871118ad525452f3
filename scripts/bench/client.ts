/**
 * Overhead of the upstream client (npm run bench:client). Starts a throwaway embedded PostgreSQL
 * and the sandbox emulator in-process (rate limit off), then:
 *  1. times N direct fetches and N client calls (shared cache off, shared rate budget on) to the
 *     same endpoint, interleaved so all see the same machine load, and prints the client's own
 *     overhead per call at the median and p95 (target: under 2 ms at the median). The client runs
 *     twice: with the key held in memory (the HTTP core alone) and with the key from the vault, as
 *     in production (an indexed query and an AES-GCM decrypt, behind the vault's short key cache);
 *  2. fires 50 concurrent identical reads through the client and counts the calls that reach the
 *     emulator (target: 1).
 * Writes bench-results/client.json. Runs with `--conditions=react-server`, as the vault is server-only.
 *
 * Env: BENCH_CALLS (default 400).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import { startEmulator } from "../../emulator/server";
import { SEED_KEYS } from "../../emulator/lib/seed-data";
import { migrate } from "../../lib/db/migrate";
import { PrismaClient } from "../../lib/generated/prisma/client";
import * as coins from "../../lib/upstream/coins";
import * as core from "../../lib/upstream/core";
import { fastSql } from "../../lib/upstream/sql";
import { vaultKeyProvider } from "../../lib/upstream/key-provider";
import { countingFetch, emulatorClient, fixedKeys } from "../../lib/upstream/testing";
import { freePort, startEmbeddedDb } from "../embedded-db";

const CALLS = Number(process.env.BENCH_CALLS ?? 400);
const WARMUP = 50;
const TARGET_MEDIAN_MS = 2;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}
const round = (n: number) => Math.round(n * 1000) / 1000;

async function main(): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-client-"));
  const pg = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "bench", persistent: false });
  const emulator = await startEmulator({ port: 0, dataDir: path.join(tmp, "emulator"), rateLimitPerMinute: 0, logLevel: "silent" });
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) });
  // As in production (lib/upstream/index.ts): budget and cache on their own asynchronous-commit pool.
  const sql = fastSql(pg.url);
  try {
    await migrate(pg.url);
    // The vault reads its database and master key from the environment, as in the app.
    process.env.DATABASE_URL = pg.url;
    process.env.VAULT_MASTER_KEY = randomBytes(32).toString("base64");
    process.env.AUTH_SECRET ??= randomBytes(32).toString("base64");
    const vault = await import("../../lib/vault");
    const { db: appDb } = await import("../../lib/db");
    const keys = fixedKeys({ core: SEED_KEYS.full, coins: SEED_KEYS.full });
    // The budget stays on (it is part of every real call); the limit is lifted so it never refuses.
    const client = emulatorClient(db, emulator.url, keys, { sql, budgetLimit: 1_000_000_000 });
    const ctx = { client, organizationId: randomUUID(), environment: "sandbox" as const };
    const vaulted = {
      client: emulatorClient(db, emulator.url, vaultKeyProvider, { sql, budgetLimit: 1_000_000_000 }),
      organizationId: randomUUID(),
      environment: "sandbox" as const,
    };
    await appDb.$transaction((tx) =>
      vault.addApiKey(tx, {
        organizationId: vaulted.organizationId,
        environment: "sandbox",
        surface: "core",
        key: SEED_KEYS.full,
        scopes: ["Read", "Write", "Trade"],
        actorId: randomUUID(),
      }),
    );
    const url = `${emulator.url}/v1/merchant/balance`;

    const direct = async () => {
      const res = await fetch(url, { headers: { "X-Api-Key": SEED_KEYS.full, Accept: "application/json" } });
      if (!res.ok) throw new Error(`direct call failed: ${res.status}`);
      await res.json();
    };
    const viaClient = async () => {
      await core.getMerchantBalance(ctx, { cache: false });
    };
    const viaVault = async () => {
      await core.getMerchantBalance(vaulted, { cache: false });
    };

    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaClient();
      await viaVault();
    }
    const times = new Map<() => Promise<void>, number[]>([
      [direct, []],
      [viaClient, []],
      [viaVault, []],
    ]);
    for (let i = 0; i < CALLS; i++) {
      // Rotate which goes first, so none always runs on a warmer connection.
      const fns = [direct, viaClient, viaVault];
      const order = [...fns.slice(i % 3), ...fns.slice(0, i % 3)];
      for (const fn of order) {
        const t0 = performance.now();
        await fn();
        times.get(fn)!.push(performance.now() - t0);
      }
    }
    const [directMs, clientMs, vaultMs] = [direct, viaClient, viaVault].map((fn) => times.get(fn)!.sort((a, b) => a - b)) as [number[], number[], number[]];
    const medianOverhead = quantile(clientMs, 0.5) - quantile(directMs, 0.5);
    const p95Overhead = quantile(clientMs, 0.95) - quantile(directMs, 0.95);
    const vaultMedianOverhead = quantile(vaultMs, 0.5) - quantile(directMs, 0.5);
    const vaultP95Overhead = quantile(vaultMs, 0.95) - quantile(directMs, 0.95);

    // The key lookup on its own: the vault's query and decrypt, against the cached path the client uses.
    const lookupMs = async (fn: () => Promise<unknown>) => {
      const out: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const t0 = performance.now();
        await fn();
        out.push(performance.now() - t0);
      }
      return out.sort((a, b) => a - b);
    };
    const uncachedLookup = await lookupMs(() => vault.getActiveApiKey(vaulted.organizationId, "sandbox", "core"));
    const cachedLookup = await lookupMs(() => vaultKeyProvider.getActiveApiKey(vaulted.organizationId, "sandbox", "core"));

    // 50 concurrent identical reads from a fresh tenant (nothing cached yet).
    const net = countingFetch();
    const counted = emulatorClient(db, emulator.url, keys, { sql, fetch: net.fetch, budgetLimit: 1_000_000_000 });
    const fresh = { client: counted, organizationId: randomUUID(), environment: "sandbox" as const };
    const results = await Promise.all(Array.from({ length: 50 }, () => coins.listMarkets(fresh)));
    const upstreamCalls = net.count();

    const report = {
      endpoint: "GET /v1/merchant/balance",
      calls: CALLS,
      direct_ms: { p50: round(quantile(directMs, 0.5)), p95: round(quantile(directMs, 0.95)) },
      client_ms: { p50: round(quantile(clientMs, 0.5)), p95: round(quantile(clientMs, 0.95)) },
      overhead_ms: { p50: round(medianOverhead), p95: round(p95Overhead) },
      vault_client_ms: { p50: round(quantile(vaultMs, 0.5)), p95: round(quantile(vaultMs, 0.95)) },
      vault_overhead_ms: { p50: round(vaultMedianOverhead), p95: round(vaultP95Overhead) },
      key_lookup_ms: {
        vault_p50: round(quantile(uncachedLookup, 0.5)),
        vault_p95: round(quantile(uncachedLookup, 0.95)),
        cached_p50: round(quantile(cachedLookup, 0.5)),
        cached_p95: round(quantile(cachedLookup, 0.95)),
      },
      overhead_target_p50_ms: TARGET_MEDIAN_MS,
      overhead_ok: medianOverhead < TARGET_MEDIAN_MS && vaultMedianOverhead < TARGET_MEDIAN_MS,
      overhead_includes: [
        "key lookup (in memory; or from the vault: query, decrypt, short in-process cache)",
        "shared rate budget statement in PostgreSQL (asynchronous-commit pool)",
        "request id and headers",
        "timeout",
        "JSON parse and zod schema",
      ],
      concurrent_identical_reads: { requests: results.length, upstream_calls: upstreamCalls, target: 1, ok: upstreamCalls === 1 },
      node: process.version,
      cpus: os.cpus().length,
      at: new Date().toISOString(),
    };
    const met = (ms: number) => (ms < TARGET_MEDIAN_MS ? "met" : "MISSED");
    // The lines `npm run bench` prints (scripts/bench/all.ts).
    const summary = [
      {
        metric: "client overhead per call, key in memory, p50",
        value: report.overhead_ms.p50,
        unit: "ms",
        target: `< ${TARGET_MEDIAN_MS} ms`,
        met: medianOverhead < TARGET_MEDIAN_MS,
      },
      {
        metric: "client overhead per call, key from the vault, p50",
        value: report.vault_overhead_ms.p50,
        unit: "ms",
        target: `< ${TARGET_MEDIAN_MS} ms`,
        met: vaultMedianOverhead < TARGET_MEDIAN_MS,
      },
      { metric: "client overhead per call, key from the vault, p95", value: report.vault_overhead_ms.p95, unit: "ms" },
      { metric: "upstream calls for 50 concurrent identical reads", value: upstreamCalls, target: "1", met: report.concurrent_identical_reads.ok },
    ];
    console.log(`Upstream client overhead over a direct call (${CALLS} calls each, ${report.endpoint}):`);
    console.log(`  direct              p50 ${report.direct_ms.p50} ms  p95 ${report.direct_ms.p95} ms`);
    console.log(`  client, key in memory  p50 ${report.client_ms.p50} ms  p95 ${report.client_ms.p95} ms`);
    console.log(`  client, key from vault p50 ${report.vault_client_ms.p50} ms  p95 ${report.vault_client_ms.p95} ms`);
    console.log(
      `  overhead, key in memory  p50 ${report.overhead_ms.p50} ms (target < ${TARGET_MEDIAN_MS} ms: ${met(medianOverhead)})  p95 ${report.overhead_ms.p95} ms`,
    );
    console.log(
      `  overhead, key from vault p50 ${report.vault_overhead_ms.p50} ms (target < ${TARGET_MEDIAN_MS} ms: ${met(vaultMedianOverhead)})  p95 ${report.vault_overhead_ms.p95} ms`,
    );
    console.log(
      `  key lookup alone: vault (query + decrypt) p50 ${report.key_lookup_ms.vault_p50} ms p95 ${report.key_lookup_ms.vault_p95} ms; cached p50 ${report.key_lookup_ms.cached_p50} ms p95 ${report.key_lookup_ms.cached_p95} ms`,
    );
    console.log(`50 concurrent identical reads -> ${upstreamCalls} upstream call(s) (target 1: ${report.concurrent_identical_reads.ok ? "met" : "MISSED"})`);

    const outDir = path.join(process.cwd(), "bench-results");
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, "client.json"), `${JSON.stringify({ ...report, summary }, null, 2)}\n`);
    console.log("Wrote bench-results/client.json");
    if (!report.overhead_ok || !report.concurrent_identical_reads.ok) process.exitCode = 1;
  } finally {
    await sql.end();
    await db.$disconnect();
    await (globalThis as { prisma?: { $disconnect(): Promise<void> } }).prisma?.$disconnect();
    await emulator.close();
    await pg.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
