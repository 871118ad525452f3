/**
 * Throughput of the sandbox emulator (npm run bench:emulator). Starts it in-process with the rate
 * limit off and a throwaway data dir, drives reads, writes and a mix over loopback with keep-alive
 * connections for a bounded time, prints requests per second and p50/p95 latency, and writes
 * bench-results/emulator.json. Target: at least 2,000 reads per second on a 2-core machine.
 *
 * Env: BENCH_PHASE_MS (default 3500 per phase), BENCH_CONCURRENCY (default 32).
 */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startEmulator } from "../../emulator/server";
import { SEED_KEYS } from "../../emulator/lib/seed-data";
import { runLoadGenerator } from "./load-generator";

const ONLY = process.env.BENCH_ONLY;
const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 3_500);
const WARMUP_MS = 1_500;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const READ_TARGET_RPS = 2_000;

interface Op {
  name: string;
  method: "GET" | "POST" | "PATCH";
  path: string;
  /** JSON body; "{n}" is replaced by a per-request counter. */
  body?: string;
}

interface PhaseResult {
  requests: number;
  errors: number;
  statuses: Record<string, number>;
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  endpoints: string[];
  /** Emulator process CPU time per request (the client runs in another process). */
  server_cpu_us_per_request: number;
  /** Requests per second one fully available core could serve at that cost: the figure that does not depend on other load on the machine. */
  cpu_bound_capacity_rps: number;
  /** Latency per endpoint within the phase (includes queueing). */
  by_endpoint: Record<string, { requests: number; p50_ms: number; p95_ms: number }>;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/** One request from the main thread (probes only). */
function send(base: URL, op: Op): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = op.body?.replace("{n}", "0");
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: op.method,
        path: op.path,
        headers: {
          "X-Api-Key": SEED_KEYS.full,
          ...(body !== undefined ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * The load generator runs in a child process (plain JavaScript, only node:http), so the client
 * neither shares the emulator's event loop nor counts in the emulator's CPU time.
 */
const LOAD_WORKER = `
const http = require("node:http");
const { base, ops, durationMs, concurrency, apiKey } = JSON.parse(process.env.BENCH_WORKER_DATA);
const url = new URL(base);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
const byOp = ops.map(() => []);
const statuses = {};
let errors = 0;
let counter = 0;
function once(op) {
  return new Promise((resolve) => {
    const body = op.body === undefined ? undefined : op.body.replace("{n}", String(counter));
    const headers = { "X-Api-Key": apiKey };
    if (body !== undefined) { headers["Content-Type"] = "application/json"; headers["Content-Length"] = Buffer.byteLength(body); }
    const req = http.request({ agent, host: url.hostname, port: url.port, method: op.method, path: op.path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode || 0));
      res.on("error", () => resolve(0));
    });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}
(async () => {
  const started = performance.now();
  const end = started + durationMs;
  async function worker() {
    while (performance.now() < end) {
      const i = counter++ % ops.length;
      const op = ops[i];
      const t0 = performance.now();
      const status = await once(op);
      if (status === 0) { errors++; statuses.network_error = (statuses.network_error || 0) + 1; continue; }
      const ms = performance.now() - t0;
      latencies.push(ms);
      byOp[i].push(ms);
      statuses[status] = (statuses[status] || 0) + 1;
      if (status < 200 || status >= 300) errors++;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  process.send({ latencies, byOp, statuses, errors, elapsedMs: performance.now() - started }, () => process.exit(0));
})();
`;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, idx)] as number) * 100) / 100;
}

async function runPhase(base: URL, ops: Op[], durationMs: number): Promise<PhaseResult> {
  const done = runLoadGenerator<{ latencies: number[]; byOp: number[][]; statuses: Record<string, number>; errors: number; elapsedMs: number }>(LOAD_WORKER, {
    base: base.toString(),
    ops,
    durationMs,
    concurrency: CONCURRENCY,
    apiKey: SEED_KEYS.full,
  });
  const cpuBefore = process.cpuUsage();
  const out = await done;
  const cpu = process.cpuUsage(cpuBefore);
  const latencies = out.latencies.sort((a, b) => a - b);
  const byEndpoint: PhaseResult["by_endpoint"] = {};
  ops.forEach((op, i) => {
    const own = (out.byOp[i] ?? []).sort((a, b) => a - b);
    byEndpoint[`${op.method} ${op.path.replace(/\?.*$/, "")}`] = { requests: own.length, p50_ms: percentile(own, 50), p95_ms: percentile(own, 95) };
  });
  return {
    requests: latencies.length,
    errors: out.errors,
    statuses: out.statuses,
    requests_per_second: Math.round(latencies.length / (out.elapsedMs / 1000)),
    p50_ms: percentile(latencies, 50),
    p95_ms: percentile(latencies, 95),
    p99_ms: percentile(latencies, 99),
    endpoints: [...new Set(ops.map((o) => `${o.method} ${o.path.replace(/\?.*$/, "")}`))],
    by_endpoint: byEndpoint,
    server_cpu_us_per_request: Math.round((cpu.user + cpu.system) / Math.max(1, latencies.length)),
    cpu_bound_capacity_rps: Math.round((latencies.length * 1e6) / Math.max(1, cpu.user + cpu.system)),
  };
}

/** Keeps only operations that answer 2xx now, so a surface still in progress does not skew numbers. */
async function usable(base: URL, ops: Op[]): Promise<Op[]> {
  const out: Op[] = [];
  for (const op of ops) {
    const status = await send(base, op).catch(() => 0);
    if (status >= 200 && status < 300) out.push(op);
    else console.warn(`  skipped ${op.method} ${op.path}: answered ${status}`);
  }
  return out;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "emulator-bench-"));
  const emulator = await startEmulator({ port: 0, dataDir, rateLimitPerMinute: 0, log: false });
  const base = new URL(emulator.url);
  try {
    const allReads: Op[] = [
      { name: "banks", method: "GET", path: "/v1/banks" },
      { name: "withdrawals", method: "GET", path: "/v1/merchant/withdrawals?limit=20" },
      { name: "markets", method: "GET", path: "/coins/v1/markets" },
      { name: "stock prices", method: "GET", path: "/stocks/v1/prices" },
      { name: "pro orders", method: "GET", path: "/pro/public/v1/orders" },
      { name: "pro options", method: "GET", path: "/pro/public/v1/withdrawals/onchain/options" },
    ];
    const reads = await usable(base, ONLY ? allReads.filter((o) => o.path.startsWith(ONLY)) : allReads);

    // Writes: rename a saved Coins withdrawal address (a state change and a save each time).
    const writes: Op[] = [];
    const addressBody = JSON.stringify({ address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", asset: "USDT", chain: "ethereum", label: "Bench" });
    const created = await fetch(`${emulator.url}/coins/v1/crypto-withdrawals/addresses`, {
      method: "POST",
      headers: { "X-Api-Key": SEED_KEYS.full, "Content-Type": "application/json" },
      body: addressBody,
    });
    const createdBody = (await created.json().catch(() => null)) as { data?: { id?: string } } | null;
    const candidates: Op[] = [];
    if (createdBody?.data?.id) {
      candidates.push({
        name: "rename address",
        method: "PATCH",
        path: `/coins/v1/crypto-withdrawals/addresses/${createdBody.data.id}`,
        body: JSON.stringify({ label: "Bench {n}" }),
      });
    }
    writes.push(...(await usable(base, candidates)));

    if (reads.length === 0) throw new Error("no read endpoint answered 2xx; is every surface registered?");
    console.log(`Emulator benchmark: ${CONCURRENCY} concurrent connections, ${PHASE_MS} ms per phase, ${os.cpus().length} CPUs`);

    const results: Record<string, PhaseResult> = {};
    // Not measured: the first requests of each handler run before V8 has optimized it.
    await runPhase(base, [...reads, ...writes], WARMUP_MS);
    results.reads = await runPhase(base, reads, PHASE_MS);
    if (writes.length > 0) {
      results.writes = await runPhase(base, writes, PHASE_MS);
      // Mixed: four reads for each write, the usual shape of dashboard traffic.
      const mixed: Op[] = [];
      reads.forEach((r, i) => {
        mixed.push(r);
        if (i % 4 === 3) mixed.push(writes[i % writes.length] as Op);
      });
      if (!mixed.some((o) => o.method !== "GET")) mixed.push(writes[0] as Op);
      results.mixed = await runPhase(base, mixed, PHASE_MS);
    } else {
      console.warn("  no write endpoint answered 2xx; writes and mixed phases skipped");
    }

    for (const [phase, r] of Object.entries(results)) {
      console.log(
        `${phase.padEnd(7)} ${String(r.requests_per_second).padStart(6)} req/s  p50 ${r.p50_ms} ms  p95 ${r.p95_ms} ms  (${r.requests} requests, ${r.errors} errors; ${r.server_cpu_us_per_request} us server CPU per request = ${r.cpu_bound_capacity_rps} req/s per core)`,
      );
    }
    const readRps = results.reads?.requests_per_second ?? 0;
    const meets = readRps >= READ_TARGET_RPS;
    console.log(meets ? `reads meet the ${READ_TARGET_RPS} req/s target` : `reads BELOW the ${READ_TARGET_RPS} req/s target`);

    const out = path.resolve("bench-results/emulator.json");
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify(
        {
          benchmark: "emulator",
          at: new Date().toISOString(),
          node: process.version,
          cpus: os.cpus().length,
          concurrency: CONCURRENCY,
          phase_ms: PHASE_MS,
          read_target_rps: READ_TARGET_RPS,
          meets_read_target: meets,
          results,
          // The lines `npm run bench` prints (scripts/bench/all.ts).
          summary: [
            { metric: "reads", value: readRps, unit: "req/s", target: `>= ${READ_TARGET_RPS}`, met: meets },
            ...Object.entries(results).map(([phase, r]) => ({ metric: `${phase} p50 / p95`, value: `${r.p50_ms} / ${r.p95_ms}`, unit: "ms" })),
            ...Object.entries(results)
              .filter(([phase]) => phase !== "reads")
              .map(([phase, r]) => ({ metric: phase, value: r.requests_per_second, unit: "req/s" })),
          ],
        },
        null,
        2,
      )}\n`,
    );
    console.log(`results written to ${path.relative(process.cwd(), out)}`);
    if (!meets) process.exitCode = 1;
  } finally {
    agent.destroy();
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
