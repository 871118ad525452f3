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
 * The job queue (sweeps, backfill, mail: lib/startup.ts) runs in one more worker of its own that
 * serves no requests, so sweeps and page renders never take turns on one event loop; the web
 * workers only enqueue (JOB_QUEUE=send).
 *
 * Env: PORT (default 3000; every interface, as `next start`), WEB_CONCURRENCY (web workers; default
 * the number of cores), JOB_QUEUE (`off` or `send`: no jobs worker, for an instance beside others
 * that run them). A worker that dies is started again; SIGINT or SIGTERM stops them all.
 */
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import zlib from "node:zlib";
import next from "next";
import { releaseCompressionStream } from "next/dist/server/lib/release-compression-stream";

const PORT = Number(process.env.PORT ?? 3000);

/** How many workers: WEB_CONCURRENCY when it is a positive whole number, else one per core. */
export function workerCount(env: Record<string, string | undefined> = process.env, cores = os.availableParallelism()): number {
  const asked = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(1, cores);
}

/** What a worker does, in its environment: serve pages (with no jobs) or run the jobs (and serve nothing). */
const WORKER_ROLE = "MERCHANT_OPS_WORKER";
type Role = Record<string, string>;
const WEB: Role = { [WORKER_ROLE]: "web", JOB_QUEUE: "send" };
const JOBS: Role = { [WORKER_ROLE]: "jobs", JOB_QUEUE: "on" };

/** Whether this instance runs a jobs worker: when JOB_QUEUE is on, lib/env.ts's default. */
export function runsJobs(env: Record<string, string | undefined> = process.env): boolean {
  return (env.JOB_QUEUE ?? "on") === "on";
}

/**
 * A larger young generation for each worker: rendering a page allocates many short-lived objects,
 * and with V8's default a burst of page loads spent a sixth more of the web workers' CPU
 * (docs/benchmarks.md). Costs up to about 100 MiB more memory per worker.
 */
const WORKER_NODE_FLAGS = ["--max-semi-space-size=64"];

function primary(): void {
  cluster.setupPrimary({ execArgv: [...process.execArgv, ...WORKER_NODE_FLAGS] });
  const count = workerCount();
  const jobs = runsJobs();
  let stopping = false;
  const roles = new Map<number, Role>();
  const fork = (role: Role) => roles.set(cluster.fork(role).id, role);
  for (let i = 0; i < count; i++) fork(WEB);
  if (jobs) fork(JOBS);
  cluster.on("exit", (worker, code, signal) => {
    const role = roles.get(worker.id) ?? WEB;
    roles.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`The ${role[WORKER_ROLE]} worker ${worker.process.pid} ended (${signal ?? code}); starting another.`);
    fork(role);
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
  console.log(`Merchant Ops on http://localhost:${PORT} (${count} web worker${count === 1 ? "" : "s"}${jobs ? " and one for jobs" : ", no jobs"})`);
}

/**
 * The jobs worker's niceness: when pages and sweeps both want the CPU, a page a person waits on
 * goes first; a sweep waits a moment, well inside the copy's 30 s.
 */
const JOBS_NICENESS = 5;

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
// The `compression` middleware `next start` uses, as Next bundles it (it has no types of its own).
const compression = require("next/dist/compiled/compression") as (o: {
  level: number;
}) => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/**
 * Gzips answers as `next start` does (next.config.mjs turns Next's own off). Pages and routes at
 * the fastest level: Next's level 6 was about a sixteenth of a web worker's CPU under load, and
 * level 1 costs about a third of that for answers about a tenth larger. The build's files keep
 * the default level: each is fetched once and then cached for a year, and the JavaScript a page
 * ships is measured compressed. The live stream's `no-transform` keeps it out.
 */
export function compressed(handle: Handler): Handler {
  const fast = compression({ level: zlib.constants.Z_BEST_SPEED });
  const small = compression({ level: zlib.constants.Z_DEFAULT_COMPRESSION });
  return (req, res) => {
    (req.url?.startsWith("/_next/static/") ? small : fast)(req, res, () => handle(req, res));
    // On a client's disconnect the middleware never ends its zlib stream, which would outlive GC.
    res.once("close", () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
  };
}

async function worker(): Promise<void> {
  // First: threads started after it (libuv's pool, for one) inherit it.
  if (process.env[WORKER_ROLE] === "jobs") os.setPriority(Math.min(19, os.getPriority() + JOBS_NICENESS));
  const app = next({ dev: false, dir: process.cwd(), hostname: "localhost", port: PORT });
  // Preparing runs instrumentation.ts, which starts the job queue when JOB_QUEUE is on.
  await app.prepare();
  if (process.env[WORKER_ROLE] === "jobs") {
    // SIGTERM ends it through lib/startup.ts, once its runs in progress went back to the queue.
    process.on("SIGINT", () => undefined);
    return;
  }
  const handle = app.getRequestHandler();
  const server = http.createServer(compressed((req, res) => void handle(req, res)));
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
