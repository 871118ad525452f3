/**
 * Webhook intake throughput (npm run bench:webhooks). Starts a throwaway embedded PostgreSQL,
 * migrates it, seeds one organization with a known core webhook secret through the vault's own
 * record sealing, and serves the real route handler (app/api/webhooks/[environment]/[surface]) over
 * loopback HTTP in this process. A separate load process runs 50 concurrent senders that sign and
 * post distinct deposit events (about 5% sent twice, as the provider's retries do) for a bounded
 * time. Then it counts rows: every acknowledged event must be stored exactly once (lost 0,
 * doubled 0), every repeat must be counted as a duplicate, and every event's deposit must be in the
 * local copy. Prints events/s and p50/p95 latency, and writes bench-results/webhooks.json. Target: at least 1,000 events/s on 2 cores.
 *
 * Run under the react-server condition (the `server-only` guard resolves to an empty module):
 *   tsx --conditions=react-server scripts/bench/webhooks.ts
 * Env: BENCH_DURATION_MS (default 10000), BENCH_CONCURRENCY (default 50).
 */
import crypto from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { migrate } from "../../lib/db/migrate";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { freePort, startEmbeddedDb } from "../embedded-db";
import { runLoadGenerator } from "./load-generator";
import { sealWebhookSecret } from "./webhook-secret";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const TARGET_EPS = 1_000;
const REPEAT_EVERY = 20; // one in twenty events is delivered a second time

// The load process: plain JavaScript so it starts fast and shares no CPU with the server's thread.
// biome-ignore lint/complexity/noUselessStringRaw: raw, so an escape later added to the worker's source reaches it unchanged
const LOAD_WORKER = String.raw`
const http = require("node:http");
const crypto = require("node:crypto");
const { url, secret, durationMs, concurrency, repeatEvery } = JSON.parse(process.env.BENCH_WORKER_DATA);
const target = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
const statuses = {};
let acknowledged = 0, repeats = 0, errors = 0, counter = 0;
function post(body) {
  return new Promise((resolve) => {
    const sig = crypto.createHmac("sha256", secret).update(body).digest("hex");
    const req = http.request({ agent, host: target.hostname, port: target.port, method: "POST", path: target.pathname,
      headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "User-Agent": "Daya-Webhook/1.0", "X-Daya-Signature": sig } },
      (res) => { res.resume(); res.on("end", () => resolve(res.statusCode)); });
    req.on("error", () => resolve(0));
    req.end(body);
  });
}
function event(n) {
  const at = new Date().toISOString();
  return JSON.stringify({ event: "deposit.completed", timestamp: at, data: {
    id: crypto.randomUUID(), type: "NGN_DEPOSIT", funding_account_id: crypto.randomUUID(), customer_id: crypto.randomUUID(),
    amount: "150000.00", currency: "NGN", settled_amount: "97.12", settled_currency: "USD", rate: "1544.50",
    status: "COMPLETED", settlement_status: "COMPLETED", settlement_mode: "INTERNAL_BALANCE",
    fees: { deposit_fee: { amount: "150.00", currency: "NGN" }, total_fee_usd: "0.10" }, created_at: at, updated_at: at, seq: n } });
}
(async () => {
  const started = performance.now();
  const end = started + durationMs;
  async function sender() {
    while (performance.now() < end) {
      const n = counter++;
      const body = event(n);
      const t0 = performance.now();
      const status = await post(body);
      latencies.push(performance.now() - t0);
      statuses[status] = (statuses[status] || 0) + 1;
      if (status !== 200) { errors++; continue; }
      acknowledged++;
      if (n % repeatEvery === 0) {
        const again = await post(body);
        statuses[again] = (statuses[again] || 0) + 1;
        if (again === 200) repeats++; else errors++;
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, sender));
  const elapsedMs = performance.now() - started;
  agent.destroy();
  process.send({ latencies, statuses, acknowledged, repeats, errors, elapsedMs }, () => process.exit(0));
})();
`;

/** CPU seconds used so far by the benchmark's PostgreSQL (postmaster and its backends), from /proc. */
async function postgresCpuSeconds(dataDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(path.join(dataDir, "postmaster.pid"), "utf8")).split("\n")[0]);
    const ticks = 100; // USER_HZ on Linux
    let total = 0;
    for (const entry of await readdir("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
      // Fields after the command name: state ppid ... utime(14) stime(15)
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(entry) !== pid && Number(fields[1]) !== pid) continue;
      total += (Number(fields[11]) + Number(fields[12])) / ticks;
    }
    return total;
  } catch {
    return null; // not Linux: the figure is left out
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[idx]! * 100) / 100;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "webhooks-bench-"));
  const pg = await startEmbeddedDb({ dataDir: path.join(dir, "pg"), port: await freePort(), database: "bench", persistent: false });
  let server: http.Server | undefined;
  let stopIntake: (() => Promise<void>) | undefined;
  try {
    await migrate(pg.url);
    // The app modules read their configuration from the environment on first use.
    process.env.DATABASE_URL = pg.url;
    process.env.AUTH_SECRET ??= crypto.randomBytes(32).toString("base64");
    process.env.VAULT_MASTER_KEY = crypto.randomBytes(32).toString("base64");
    process.env.VAULT_MASTER_KEY_ID = "bench";
    process.env.LOG_LEVEL ??= "warn";

    const seed = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) });
    const org = await seed.organization.create({ data: { name: "Bench merchant" } });
    const secret = await sealWebhookSecret(seed, org.id);

    const { POST } = await import("../../app/api/webhooks/[environment]/[surface]/route");
    const { closeIntakePool } = await import("../../lib/webhooks/store");
    stopIntake = closeIntakePool;
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", async () => {
        try {
          const [, , , environment = "", surface = ""] = (req.url ?? "").split("?")[0]!.split("/");
          const headers = new Headers();
          for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
          headers.set("x-forwarded-for", req.socket.remoteAddress ?? "");
          const request = new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
          const response = await POST(request, { params: Promise.resolve({ environment, surface }) });
          res.writeHead(response.status, { "Content-Type": "application/json" });
          res.end(Buffer.from(await response.arrayBuffer()));
        } catch (err) {
          res.writeHead(500);
          res.end(String(err));
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const url = `http://127.0.0.1:${port}/api/webhooks/sandbox/core`;

    console.log(`Webhook intake: ${CONCURRENCY} concurrent senders for ${DURATION_MS / 1000} s against ${url}`);
    const cpuBefore = process.cpuUsage();
    const pgBefore = await postgresCpuSeconds(path.join(dir, "pg"));
    const out = await runLoadGenerator<{
      latencies: number[];
      statuses: Record<string, number>;
      acknowledged: number;
      repeats: number;
      errors: number;
      elapsedMs: number;
    }>(LOAD_WORKER, { url, secret, durationMs: DURATION_MS, concurrency: CONCURRENCY, repeatEvery: REPEAT_EVERY });
    const cpu = process.cpuUsage(cpuBefore);
    const pgAfter = await postgresCpuSeconds(path.join(dir, "pg"));

    const [{ rows, dupes }] = await seed.$queryRaw<{ rows: bigint; dupes: bigint }[]>`
      SELECT count(*) AS rows, COALESCE(sum(duplicates), 0) AS dupes FROM webhook_events WHERE organization_id = ${org.id}::uuid`;
    // Each event carries a distinct deposit, which its transaction also stored in the local copy.
    const copied = await seed.syncedObject.count({ where: { organizationId: org.id, kind: "deposit" } });
    await seed.$disconnect();

    const stored = Number(rows);
    const latencies = out.latencies.sort((a, b) => a - b);
    // Every POST answered (first deliveries and repeats); latencies are those of first deliveries.
    const deliveries = Object.values(out.statuses).reduce((a, b) => a + b, 0);
    const result = {
      at: new Date().toISOString(),
      concurrency: CONCURRENCY,
      duration_ms: Math.round(out.elapsedMs),
      deliveries,
      distinct_events_acknowledged: out.acknowledged,
      repeated_deliveries_acknowledged: out.repeats,
      events_per_second: Math.round(out.acknowledged / (out.elapsedMs / 1000)),
      deliveries_per_second: Math.round((out.acknowledged + out.repeats) / (out.elapsedMs / 1000)),
      p50_ms: percentile(latencies, 50),
      p95_ms: percentile(latencies, 95),
      p99_ms: percentile(latencies, 99),
      statuses: out.statuses,
      errors: out.errors,
      stored_rows: stored,
      copied_objects: copied,
      // An acknowledged event whose deposit the local copy does not show.
      copy_missing: Math.max(0, out.acknowledged - copied),
      // An acknowledged event missing from the store.
      lost: Math.max(0, out.acknowledged - stored),
      // A row more than the distinct events acknowledged, or a repeat not folded into its row.
      doubled: Math.max(0, stored - out.acknowledged) + Math.max(0, out.repeats - Number(dupes)),
      duplicates_counted: Number(dupes),
      intake_cpu_us_per_delivery: Math.round((cpu.user + cpu.system) / Math.max(1, deliveries)),
      postgres_cpu_us_per_delivery: pgBefore !== null && pgAfter !== null ? Math.round(((pgAfter - pgBefore) * 1e6) / Math.max(1, deliveries)) : null,
      load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
      target_events_per_second: TARGET_EPS,
    };
    // The lines `npm run bench` prints (scripts/bench/all.ts).
    const summary = [
      {
        metric: "signed events accepted",
        value: result.events_per_second,
        unit: "events/s",
        target: `>= ${TARGET_EPS}`,
        met: result.events_per_second >= TARGET_EPS,
      },
      { metric: "intake p50 / p95", value: `${result.p50_ms} / ${result.p95_ms}`, unit: "ms" },
      {
        metric: "events lost / doubled / errors",
        value: `${result.lost} / ${result.doubled} / ${out.errors}`,
        target: "0 / 0 / 0",
        met: result.lost === 0 && result.doubled === 0 && out.errors === 0,
      },
    ];
    await mkdir("bench-results", { recursive: true });
    await writeFile(path.join("bench-results", "webhooks.json"), `${JSON.stringify({ ...result, summary }, null, 2)}\n`);
    console.log(
      `  ${result.events_per_second} signed events/s (${result.deliveries_per_second} deliveries/s incl. repeats), p50 ${result.p50_ms} ms, p95 ${result.p95_ms} ms`,
    );
    console.log(
      `  stored ${stored} of ${out.acknowledged} acknowledged; lost ${result.lost}, doubled ${result.doubled}, repeats folded ${result.duplicates_counted}/${out.repeats}; errors ${out.errors}; in the local copy ${copied}`,
    );
    console.log(
      `  CPU per delivery: intake ${result.intake_cpu_us_per_delivery} µs, PostgreSQL ${result.postgres_cpu_us_per_delivery ?? "?"} µs; machine load ${result.load_average_1m}; results in bench-results/webhooks.json`,
    );
    // Every target is a pass/fail condition: a run that misses one exits non-zero and names it.
    const missed = [
      result.events_per_second < TARGET_EPS ? `throughput ${result.events_per_second} events/s is below the target of ${TARGET_EPS}` : null,
      result.lost > 0 ? `${result.lost} acknowledged events were lost (target 0)` : null,
      result.doubled > 0 ? `${result.doubled} events were doubled (target 0)` : null,
      result.copy_missing > 0 ? `${result.copy_missing} acknowledged events' deposits are missing from the local copy (target 0)` : null,
      out.errors > 0 ? `${out.errors} deliveries failed (target 0)` : null,
    ].filter((m): m is string => m !== null);
    for (const m of missed) console.error(`  MISSED: ${m}`);
    if (missed.length === 0) console.log(`  every target met: at least ${TARGET_EPS} events/s, none lost, none doubled`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server?.closeAllConnections?.();
    await stopIntake?.();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
