/**
 * Event-to-browser latency of live updates (npm run bench:live). Starts a throwaway embedded
 * PostgreSQL, one LISTEN listener (as one app instance has) and a minimal HTTP server that serves
 * the app's own SSE stream, opens BENCH_CLIENTS streams over HTTP as browsers would, then stores
 * BENCH_EVENTS events at BENCH_RATE per second, each with notifyEvent in its transaction exactly as
 * the webhook intake does. For every event and every client it measures from the start of the
 * storing transaction to the moment the client has parsed the `change` message, and prints
 * p50/p95/max (target: p95 under 300 ms). Writes bench-results/live.json.
 *
 * Env: BENCH_EVENTS (default 300), BENCH_RATE (events per second, default 50), BENCH_CLIENTS
 * (default 10).
 */
import { spawnSync } from "node:child_process";

// The live modules are server-only; outside Next that import resolves only under this condition.
if (!process.execArgv.some((a) => a.includes("react-server")) && !process.env.BENCH_LIVE_CHILD) {
  const r = spawnSync(process.execPath, [...process.execArgv, "--conditions=react-server", ...process.argv.slice(1)], {
    stdio: "inherit",
    env: { ...process.env, BENCH_LIVE_CHILD: "1" },
  });
  process.exit(r.status ?? 1);
}

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const TARGET_P95_MS = 300;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}
const round = (n: number) => Math.round(n * 100) / 100;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads an SSE body and calls back with each change's id the moment its message is complete. */
async function consume(body: ReadableStream<Uint8Array>, onChange: (id: string, at: number) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      if (!block.includes("event: change")) continue;
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (data) onChange((JSON.parse(data.slice(6)) as { id: string }).id, performance.now());
    }
  }
}

async function main(): Promise<void> {
  const { randomUUID } = await import("node:crypto");
  const { mkdir, mkdtemp, rm, writeFile } = await import("node:fs/promises");
  const http = await import("node:http");
  const os = await import("node:os");
  const path = await import("node:path");
  const { Readable } = await import("node:stream");
  const { PrismaPg } = await import("@prisma/adapter-pg");
  const { PrismaClient } = await import("../../lib/generated/prisma/client");
  const { migrate } = await import("../../lib/db/migrate");
  const { LiveListener } = await import("../../lib/live/listener");
  const { notifyEvent } = await import("../../lib/live/notify");
  const { createLiveStream } = await import("../../lib/live/stream");
  const { freePort, startEmbeddedDb } = await import("../embedded-db");

  const dir = await mkdtemp(path.join(os.tmpdir(), "merchant-ops-bench-live-"));
  const pg = await startEmbeddedDb({ dataDir: path.join(dir, "pg"), port: await freePort(), database: "bench", persistent: false, quiet: true });
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url, max: 4 }) });
  const listener = new LiveListener({ connectionString: pg.url });
  let server: import("node:http").Server | undefined;
  const aborts: AbortController[] = [];
  try {
    await migrate(pg.url);
    const org = await db.organization.create({ data: { name: "Bench org" } });
    const scope = { organizationId: org.id, environment: "sandbox" as const };
    await listener.ready();

    server = http.createServer((req, res) => {
      const abort = new AbortController();
      req.on("close", () => abort.abort());
      res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform" });
      res.flushHeaders();
      Readable.fromWeb(createLiveStream({ listener, scope, signal: abort.signal }) as import("node:stream/web").ReadableStream).pipe(res);
    });
    await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
    const port = (server.address() as import("node:net").AddressInfo).port;

    // started[eventId] = when its transaction began; committed[eventId] = when the commit returned.
    const started = new Map<string, number>();
    const committed = new Map<string, number>();
    const received: Map<string, number>[] = [];
    const streams: Promise<void>[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const got = new Map<string, number>();
      received.push(got);
      const abort = new AbortController();
      aborts.push(abort);
      const res = await fetch(`http://127.0.0.1:${port}/`, { signal: abort.signal });
      streams.push(consume(res.body!, (id, at) => got.set(id, at)).catch(() => undefined));
    }
    await sleep(200);

    const store = async () => {
      const t0 = performance.now();
      const row = await db.$transaction(async (tx) => {
        const e = await tx.webhookEvent.create({
          data: {
            ...scope,
            surface: "core",
            name: "deposit.completed",
            receivedName: "deposit.completed",
            dedupeKey: randomUUID(),
            resourceType: "deposit",
            resourceId: randomUUID(),
            resourceStatus: "COMPLETED",
            payload: {},
            headers: {},
            signature: "current",
          },
        });
        await notifyEvent(tx, { ...scope, eventId: e.id, name: e.name, resourceType: e.resourceType, resourceId: e.resourceId, resourceStatus: e.resourceStatus });
        return e;
      });
      started.set(row.id, t0);
      committed.set(row.id, performance.now());
    };

    // Warm-up: connection pool, prepared statements, JIT.
    for (let i = 0; i < 20; i++) await store();
    started.clear();
    committed.clear();
    await sleep(300);
    for (const got of received) got.clear();

    const interval = 1000 / RATE;
    const begin = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const due = begin + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      writes.push(store());
    }
    await Promise.all(writes);
    const deadline = performance.now() + 5_000;
    const all = () => received.every((got) => [...started.keys()].every((id) => got.has(id)));
    while (!all() && performance.now() < deadline) await sleep(20);

    const fromStart: number[] = [];
    const fromCommit: number[] = [];
    let missing = 0;
    for (const got of received) {
      for (const [id, t0] of started) {
        const at = got.get(id);
        if (at === undefined) {
          missing += 1;
          continue;
        }
        fromStart.push(at - t0);
        fromCommit.push(Math.max(0, at - committed.get(id)!));
      }
    }
    fromStart.sort((a, b) => a - b);
    fromCommit.sort((a, b) => a - b);
    const result = {
      benchmark: "live",
      events: EVENTS,
      rate_per_second: RATE,
      sse_clients: CLIENTS,
      deliveries: fromStart.length,
      missing,
      from_transaction_start_ms: { p50: round(quantile(fromStart, 0.5)), p95: round(quantile(fromStart, 0.95)), max: round(fromStart.at(-1) ?? NaN) },
      from_commit_ms: { p50: round(quantile(fromCommit, 0.5)), p95: round(quantile(fromCommit, 0.95)), max: round(fromCommit.at(-1) ?? NaN) },
      target_p95_ms: TARGET_P95_MS,
      machine: { cpus: os.cpus().length, node: process.version },
      at: new Date().toISOString(),
    };
    const pass = missing === 0 && result.from_transaction_start_ms.p95 < TARGET_P95_MS;
    console.log(
      `live: ${EVENTS} events at ${RATE}/s to ${CLIENTS} SSE clients (${result.deliveries} deliveries, ${missing} missing)\n` +
        `  event stored -> browser parsed: p50 ${result.from_transaction_start_ms.p50} ms  p95 ${result.from_transaction_start_ms.p95} ms  max ${result.from_transaction_start_ms.max} ms\n` +
        `  commit returned -> browser parsed: p50 ${result.from_commit_ms.p50} ms  p95 ${result.from_commit_ms.p95} ms  max ${result.from_commit_ms.max} ms\n` +
        `  target p95 < ${TARGET_P95_MS} ms: ${pass ? "met" : "NOT met"}`,
    );
    const out = path.resolve("bench-results/live.json");
    await mkdir(path.dirname(out), { recursive: true });
    // The lines `npm run bench` prints (scripts/bench/all.ts).
    const summary = [
      { metric: "event stored -> browser, p95", value: result.from_transaction_start_ms.p95, unit: "ms", target: `< ${TARGET_P95_MS} ms`, met: result.from_transaction_start_ms.p95 < TARGET_P95_MS },
      { metric: "event stored -> browser, p50", value: result.from_transaction_start_ms.p50, unit: "ms" },
      { metric: "deliveries missing", value: missing, unit: `of ${EVENTS * CLIENTS}`, target: "0", met: missing === 0 },
    ];
    await writeFile(out, `${JSON.stringify({ ...result, target_met: pass, summary }, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
    process.exitCode = pass ? 0 : 1;
    for (const a of aborts) a.abort();
    await Promise.all(streams);
  } finally {
    for (const a of aborts) a.abort();
    server?.closeAllConnections();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    await listener.stop();
    await db.$disconnect();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
