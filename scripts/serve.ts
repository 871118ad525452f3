/**
 * `npm start`: the built app, one Next.js server process per CPU core on one port (Node's cluster
 * module hands each new connection to the next worker). A Next.js server renders on one thread, so
 * a single `next start` uses one core of a machine's two; under 20 people browsing it held one core
 * at 100-125% while the other sat mostly idle (docs/benchmarks.md, bench:concurrency).
 *
 * Each worker is an instance like any other behind a load balancer: sessions, the rate budget, the
 * idempotency ledger, live updates, approvals and the job queue's singleton runs all live in
 * PostgreSQL (docs/architecture.md, "Instances"), so nothing needs to be shared between workers.
 *
 * Env: PORT (default 3000; every interface, as `next start`), WEB_CONCURRENCY (workers; default the
 * number of cores). A worker that dies is started again; SIGINT or SIGTERM stops them all.
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import next from "next";

const PORT = Number(process.env.PORT ?? 3000);

/** How many workers: WEB_CONCURRENCY when it is a positive whole number, else one per core. */
export function workerCount(env: Record<string, string | undefined> = process.env, cores = os.availableParallelism()): number {
  const asked = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, cores);
}

function primary(): void {
  const count = workerCount();
  let stopping = false;
  for (let i = 0; i < count; i++) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
    // A worker stuck in a request must not hold the stop forever.
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  console.log(`Merchant Ops on http://localhost:${PORT} (${count} worker${count === 1 ? "" : "s"})`);
}

async function worker(): Promise<void> {
  const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: PORT });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => void handle(req, res));
  // Longer than a load balancer's idle timeout, as `next start` sets it, so a reused connection is not cut.
  server.keepAliveTimeout = 65_000;
  server.listen(PORT);
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", () => undefined); // the primary forwards Ctrl-C as SIGTERM
}

if (require.main === module) {
  // What `next start` assumes; a custom server must say it before Next loads the build.
  (process.env as Record<string, string>).NODE_ENV ??= "production";
  if (cluster.isPrimary) primary();
  else
    worker().catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
