/**
 * Overhead of the upstream client (npm run bench:client). Starts a throwaway embedded PostgreSQL
 * and the sandbox emulator in-process (rate limit off), then:
 *  1. times N direct fetches and N client calls (shared cache off, shared rate budget on) to the
 *     same endpoint, interleaved so both see the same machine load, and prints the client's own
 *     overhead per call at the median and p95 (target: under 2 ms at the median);
 *  2. fires 50 concurrent identical reads through the client and counts the calls that reach the
 *     emulator (target: 1).
 * Writes bench-results/client.json.
 *
 * Env: BENCH_CALLS (default 400), BENCH_PATH (default /v1/merchant/balance).
 */
import { randomUUID } from "node:crypto";
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
  const pg = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "bench", persistent: false, quiet: true });
  const emulator = await startEmulator({ port: 0, dataDir: path.join(tmp, "emulator"), rateLimitPerMinute: 0, logLevel: "silent" });
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) });
  // As in production (lib/upstream/index.ts): budget and cache on their own asynchronous-commit pool.
  const sql = fastSql(pg.url);
  try {
    await migrate(pg.url);
    const keys = fixedKeys({ core: SEED_KEYS.full, coins: SEED_KEYS.full });
    // The budget stays on (it is part of every real call); the limit is lifted so it never refuses.
    const client = emulatorClient(db, emulator.url, keys, { sql, budgetLimit: 1_000_000_000 });
    const ctx = { client, organizationId: randomUUID(), environment: "sandbox" as const };
    const url = `${emulator.url}/v1/merchant/balance`;

    const direct = async () => {
      const res = await fetch(url, { headers: { "X-Api-Key": SEED_KEYS.full, Accept: "application/json" } });
      if (!res.ok) throw new Error(`direct call failed: ${res.status}`);
      await res.json();
    };
    const viaClient = async () => {
      await core.getMerchantBalance(ctx, { cache: false });
    };

    for (let i = 0; i < WARMUP; i++) {
      await direct();
      await viaClient();
    }
    const directMs: number[] = [];
    const clientMs: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      // Alternate which goes first, so neither always runs on a warmer connection.
      const order = i % 2 === 0 ? [direct, viaClient] : [viaClient, direct];
      for (const fn of order) {
        const t0 = performance.now();
        await fn();
        (fn === direct ? directMs : clientMs).push(performance.now() - t0);
      }
    }
    directMs.sort((a, b) => a - b);
    clientMs.sort((a, b) => a - b);
    const medianOverhead = quantile(clientMs, 0.5) - quantile(directMs, 0.5);
    const p95Overhead = quantile(clientMs, 0.95) - quantile(directMs, 0.95);

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
      overhead_target_p50_ms: TARGET_MEDIAN_MS,
      overhead_ok: medianOverhead < TARGET_MEDIAN_MS,
      overhead_includes: ["key lookup (injected, in memory)", "shared rate budget statement in PostgreSQL (asynchronous-commit pool)", "request id and headers", "timeout", "JSON parse and zod schema"],
      concurrent_identical_reads: { requests: results.length, upstream_calls: upstreamCalls, target: 1, ok: upstreamCalls === 1 },
      node: process.version,
      cpus: os.cpus().length,
      at: new Date().toISOString(),
    };
    // The lines `npm run bench` prints (scripts/bench/all.ts).
    const summary = [
      { metric: "client overhead per call, p50", value: report.overhead_ms.p50, unit: "ms", target: `< ${TARGET_MEDIAN_MS} ms`, met: report.overhead_ok },
      { metric: "client overhead per call, p95", value: report.overhead_ms.p95, unit: "ms" },
      { metric: "upstream calls for 50 concurrent identical reads", value: upstreamCalls, target: "1", met: report.concurrent_identical_reads.ok },
    ];
    console.log(`Upstream client overhead over a direct call (${CALLS} calls each, ${report.endpoint}):`);
    console.log(`  direct  p50 ${report.direct_ms.p50} ms  p95 ${report.direct_ms.p95} ms`);
    console.log(`  client  p50 ${report.client_ms.p50} ms  p95 ${report.client_ms.p95} ms`);
    console.log(`  overhead p50 ${report.overhead_ms.p50} ms (target < ${TARGET_MEDIAN_MS} ms: ${report.overhead_ok ? "met" : "MISSED"})  p95 ${report.overhead_ms.p95} ms`);
    console.log(`50 concurrent identical reads -> ${upstreamCalls} upstream call(s) (target 1: ${report.concurrent_identical_reads.ok ? "met" : "MISSED"})`);

    const outDir = path.join(process.cwd(), "bench-results");
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, "client.json"), `${JSON.stringify({ ...report, summary }, null, 2)}\n`);
    console.log("Wrote bench-results/client.json");
    if (!report.overhead_ok || !report.concurrent_identical_reads.ok) process.exitCode = 1;
  } finally {
    await sql.end();
    await db.$disconnect();
    await emulator.close();
    await pg.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
