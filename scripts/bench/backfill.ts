/**
 * Backfill of the local copy (npm run bench:backfill, issue 19 "Measured"): how soon a key just
 * added gives usable lists, and how fast its history fills within the provider's budget.
 *
 * Starts a throwaway embedded PostgreSQL (migrated) and the sandbox emulator as a process of its
 * own with its real limit of 100 requests a minute per key, gives the demo merchant
 * BENCH_BACKFILL_OBJECTS older settled deposits (default 5,000) through the emulator's control API
 * (POST /__emulator/merchants/{id}/history) and a fresh key of its own, so that key's count at the
 * provider is the copy's alone. Then it runs what an instance runs on start (lib/startup.ts: the
 * job queue with the ledger's jobs, in this process), creates an organization, holds the key as
 * "Add key" does and applies it as an approval does (the `control_api_key` executor: the provider
 * check, the vault, then the sync of the new key: the sweep of every list's newest page and the
 * backfill of their history).
 *
 * Measured from the moment the approval applies: when each list's first page is in the copy (its
 * first sweep, what the page shows as "Synced"), target < 10 s for every list; objects read per
 * minute while the backfill runs; when every list's history is in; the key's requests a minute at
 * the provider (GET /__emulator/requests: the busiest 60 s window, exact, target < 100) and its
 * 429s (target 0); and that the copy ends holding every object the provider counts.
 * Prints the lines and writes bench-results/backfill.json.
 *
 * Runs as the tests do, outside Next's bundler: the `server-only` guard resolves to its empty module
 * here (the approval executor pulls in client-side Next modules, so the react-server condition the
 * other in-process benchmarks use cannot load it).
 * Env: BENCH_BACKFILL_OBJECTS (default 5000), BENCH_BACKFILL_TIMEOUT_MS (default 15 minutes).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import Module from "node:module";
import os from "node:os";
import path from "node:path";
import { DEMO_MERCHANT_ID } from "../../emulator/lib/seed-data";
import { migrate } from "../../lib/db/migrate";
import { freePort, startEmbeddedDb, type EmbeddedDb } from "../embedded-db";
import { generateClient } from "../prisma";
import { bin, ROOT, startProcess, waitForHttp, type Managed } from "../processes";
// Types only from common.ts: it pulls in the nav's icons, which do not load under react-server.
import { loadAverage, machine, printSummary, RESULTS_DIR, type ResultLine, runMain, writeResult } from "./results";

const OBJECTS = Number(process.env.BENCH_BACKFILL_OBJECTS ?? 5_000);
const TIMEOUT_MS = Number(process.env.BENCH_BACKFILL_TIMEOUT_MS ?? 15 * 60_000);
const LIMIT_PER_MINUTE = 100;
const TARGET_FIRST_PAGE_MS = 10_000;
const POLL_MS = 500;
/** One look at the copy and the provider's count, `at` ms after the key was applied. */
export interface Sample {
  at: number;
  /** Objects the backfill has read, every list together (sync_states.backfill_read). */
  read: number;
  /** Rows in the copy for the scope. */
  stored: number;
  /** The key's requests at the provider since it was made. */
  requests: number;
}

/** Per minute, from a count over `ms`; null over no time. */
export function perMinute(count: number, ms: number): number | null {
  return ms > 0 ? Math.round((count * 60_000 * 10) / ms) / 10 : null;
}

/** The last sample at or before `at` (the first one when none is). */
function sampleAt(samples: readonly Sample[], at: number): Sample | undefined {
  let found: Sample | undefined = samples[0];
  for (const s of samples) if (s.at <= at) found = s;
  return found;
}

/**
 * The rate of one field of the samples between two moments (ms after the key was applied), per
 * minute: the change from the sample standing at `from` to the one standing at `to`, over the time
 * between those two samples.
 */
export function ratePerMinute(samples: readonly Sample[], field: "read" | "stored" | "requests", from: number, to: number): number | null {
  const a = sampleAt(samples, from);
  const b = sampleAt(samples, to);
  if (!a || !b || b.at <= a.at) return null;
  return perMinute(b[field] - a[field], b.at - a.at);
}

export interface Measured {
  objects: number;
  /** Per list: ms from the key applied to its first sweep stored, or null if it never came. */
  firstPageMs: Record<string, number | null>;
  /** ms from the key applied to the first and the last list's history being complete; null if not finished. */
  backfillStartMs: number | null;
  backfillDoneMs: number | null;
  samples: Sample[];
  /** The key's busiest 60 s at the provider (exact sliding window) and its 429s. */
  peakPerMinute: number;
  rateLimited: number;
  /** Objects the copy holds, and the provider's count of every list (its totals). */
  inCopy: number;
  atProvider: number | null;
}

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/** The result lines against the targets: first page < 10 s, under 100 a minute, no 429, the copy complete. */
export function summarize(m: Measured): ResultLine[] {
  const firsts = Object.values(m.firstPageMs);
  const slowest = firsts.some((v) => v === null) || firsts.length === 0 ? null : Math.max(...(firsts as number[]));
  const from = m.backfillStartMs ?? 0;
  const to = m.backfillDoneMs ?? m.samples.at(-1)?.at ?? 0;
  const objectsPerMinute = ratePerMinute(m.samples, "read", from, to);
  const a = sampleAt(m.samples, from);
  const b = sampleAt(m.samples, to);
  const requestsDuring = a && b ? b.requests - a.requests : null;
  return [
    { metric: "history in the emulator (deposits added)", value: m.objects, unit: "objects" },
    {
      metric: "usable first page, slowest list (key applied to its first sweep stored)",
      value: seconds(slowest),
      unit: "s",
      target: `< ${TARGET_FIRST_PAGE_MS / 1000} s`,
      met: slowest !== null && slowest < TARGET_FIRST_PAGE_MS,
    },
    // A rate a minute only over a minute or more: a shorter backfill is one burst within the first minute's share.
    to - from >= 60_000 || !a || !b
      ? { metric: "backfill rate (objects read per minute while it ran)", value: objectsPerMinute, unit: "objects/min" }
      : { metric: "backfill rate (objects read per minute while it ran)", value: `${b.read - a.read} in ${seconds(to - from)} s, one burst` },
    { metric: "backfill done (key applied to every list's history in)", value: seconds(m.backfillDoneMs), unit: "s", met: m.backfillDoneMs !== null },
    {
      metric: "provider requests on the key while backfilling",
      value: requestsDuring === null ? null : `${requestsDuring} in ${seconds(to - from)} s`,
      ...(to - from >= 60_000 ? { unit: `(${ratePerMinute(m.samples, "requests", from, to)} a minute)` } : {}),
    },
    {
      metric: "provider requests per minute on the key, busiest 60 s",
      value: m.peakPerMinute,
      unit: "req/min",
      target: `< ${LIMIT_PER_MINUTE}`,
      met: m.peakPerMinute < LIMIT_PER_MINUTE,
    },
    { metric: "429 answers from the provider", value: m.rateLimited, target: "0", met: m.rateLimited === 0 },
    {
      metric: "objects in the copy / at the provider",
      value: `${m.inCopy} / ${m.atProvider ?? "?"}`,
      target: "all",
      met: m.atProvider !== null && m.inCopy >= m.atProvider,
    },
  ];
}

interface KeyCount {
  key: string;
  requests: number;
  rate_limited: number;
  peak_per_minute: number;
}

async function control<T>(emulatorUrl: string, method: string, pathname: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emulatorUrl}/__emulator${pathname}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`emulator ${method} ${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `server-only` as vitest aliases it: outside Next its guard would throw; `next build` enforces it. */
function allowServerOnly(): void {
  const m = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const resolve = m._resolveFilename;
  const empty = path.join(ROOT, "test/server-only-stub.ts");
  m._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
    return request === "server-only" ? empty : resolve.call(this, request, ...rest);
  };
}

async function main(): Promise<void> {
  allowServerOnly();
  const started: Managed[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-bench-backfill-"));
  const logDir = path.join(RESULTS_DIR, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  let db: EmbeddedDb | undefined;
  let stopJobs: (() => Promise<void>) | undefined;
  let quiet: (() => void) | undefined;
  const stop = async () => {
    await stopJobs?.().catch(() => undefined);
    // The mail listener has no stop: its "lost its connection" when the database ends says nothing here.
    quiet?.();
    for (const p of started.reverse()) await p.stop();
    await db?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(130)));
  const loadBefore = loadAverage();
  try {
    generateClient();
    db = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "bench", persistent: false });
    await migrate(db.url);
    const emulatorPort = await freePort();
    const emulatorUrl = `http://localhost:${emulatorPort}`;
    Object.assign(process.env, {
      DATABASE_URL: db.url,
      AUTH_SECRET: "bench-only-auth-secret-0123456789abcdef",
      VAULT_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
      VAULT_MASTER_KEY_ID: "bench-1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      JOB_QUEUE: "on",
      EMULATOR_URL: emulatorUrl,
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_DATA_DIR: path.join(tmp, "emulator"),
      UPSTREAM_SANDBOX_CORE_URL: emulatorUrl,
      UPSTREAM_SANDBOX_PRO_URL: `${emulatorUrl}/pro`,
    });
    // The provider's real limit: the benchmark proves the sync keeps under it.
    const emulatorEnv = { ...process.env };
    delete emulatorEnv.EMULATOR_RATE_LIMIT;
    const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], emulatorEnv, { logFile: path.join(logDir, "backfill-emulator.log") });
    started.push(emulator);
    await waitForHttp(`${emulatorUrl}/__emulator/health`, 60_000, () => emulator.child.exitCode === null);
    const limit = (await control<{ limit_per_minute: number }>(emulatorUrl, "GET", "/requests")).limit_per_minute;
    if (limit !== LIMIT_PER_MINUTE) throw new Error(`The emulator's rate limit is ${limit}, not the provider's ${LIMIT_PER_MINUTE}.`);

    const history = await control<{ deposits: number }>(emulatorUrl, "POST", `/merchants/${DEMO_MERCHANT_ID}/history`, { deposits: OBJECTS });
    // A key of the merchant's own for this run: its count at the provider is the sync's alone.
    const { key } = await control<{ key: string }>(emulatorUrl, "POST", "/keys", { merchant_id: DEMO_MERCHANT_ID, scopes: ["Read", "Write", "Trade"] });
    console.log(`Emulator on ${emulatorUrl}: the demo merchant holds ${history.deposits} deposits; a fresh key for this run.`);

    // Imported after the environment is set: these modules read it.
    const { startServer } = await import("../../lib/startup");
    const { db: appDb } = await import("../../lib/db");
    const vault = await import("../../lib/vault");
    const { controlApiKey } = await import("../../lib/approvals/executors/control-change");
    const { upstreamFor } = await import("../../lib/upstream");
    const { syncedKinds } = await import("../../lib/ledger/sync");
    const { kindDef } = await import("../../lib/ledger/kinds");
    stopJobs = (await import("../../lib/jobs/queue")).stopJobs;
    const { log } = await import("../../lib/log");
    quiet = () => {
      log.level = "error";
    };

    // What an instance does on start: the job queue with the ledger's jobs, in this process.
    await startServer();

    const org = await appDb.organization.create({ data: { name: "Backfill bench" } });
    const [admin, approver] = await Promise.all(
      (["admin", "approver"] as const).map((role) =>
        appDb.user.create({ data: { organizationId: org.id, email: `${role}@backfill.bench`, name: `Bench ${role}`, role } }),
      ),
    );
    const scope = { organizationId: org.id, environment: "sandbox" as const };
    const scopes = ["Read", "Write", "Trade"] as const;
    // "Add key": the key held sealed for a second person; the approval then applies it.
    const held = await appDb.$transaction((tx) => vault.holdApiKey(tx as never, { ...scope, surface: "core", key, scopes, actorId: admin.id }));
    const t0 = Date.now();
    const applied = await controlApiKey.execute({
      ...scope,
      payload: { heldId: held.id, environment: "sandbox", surface: "core", scopes: [...scopes], last4: held.last4, replacesId: null, replacesLast4: null },
      attemptKey: randomUUID(),
      userId: approver.id,
      upstream: upstreamFor(scope),
    });
    console.log(`Key applied in ${Date.now() - t0} ms (${String(applied.status)}); watching the copy fill...`);

    const kinds = (await syncedKinds(scope)).filter((k) => kindDef(k)?.list);
    const firstPageMs: Record<string, number | null> = Object.fromEntries(kinds.map((k) => [k, null]));
    const samples: Sample[] = [];
    let keyCount: KeyCount | undefined;
    let done = false;
    let lastPrint = 0;
    let states: Awaited<ReturnType<typeof appDb.syncState.findMany>> = [];
    while (!done && Date.now() - t0 < TIMEOUT_MS) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      const [rows, stored, counts] = await Promise.all([
        appDb.syncState.findMany({ where: scope }),
        appDb.syncedObject.count({ where: scope }),
        control<{ keys: KeyCount[] }>(emulatorUrl, "GET", "/requests"),
      ]);
      states = rows;
      keyCount = counts.keys.find((k) => k.key === key);
      const at = Date.now() - t0;
      samples.push({ at, read: rows.reduce((n, s) => n + s.backfillRead, 0), stored, requests: keyCount?.requests ?? 0 });
      for (const s of rows) if (s.kind in firstPageMs && firstPageMs[s.kind] === null && s.lastSweptAt) firstPageMs[s.kind] = s.lastSweptAt.getTime() - t0;
      done = kinds.every((k) => rows.find((s) => s.kind === k)?.backfillFinishedAt);
      if (at - lastPrint >= 10_000 || done) {
        lastPrint = at;
        const s = samples.at(-1)!;
        console.log(
          `  ${(at / 1000).toFixed(0)} s: ${s.stored} objects in the copy, backfill read ${s.read}, ${kinds.filter((k) => rows.find((r) => r.kind === k)?.backfillFinishedAt).length}/${kinds.length} lists done, key ${s.requests} requests (busiest minute ${keyCount?.peak_per_minute ?? 0}, 429s ${keyCount?.rate_limited ?? 0})`,
        );
      }
    }
    const ofKinds = states.filter((s) => kinds.includes(s.kind));
    const times = (pick: (s: (typeof ofKinds)[number]) => Date | null) =>
      ofKinds
        .map(pick)
        .filter((d): d is Date => d !== null)
        .map((d) => d.getTime() - t0);
    const startedTimes = times((s) => s.backfillStartedAt);
    const finishedTimes = times((s) => s.backfillFinishedAt);
    const totals = ofKinds.map((s) => s.backfillTotal);
    const m: Measured = {
      objects: OBJECTS,
      firstPageMs,
      backfillStartMs: startedTimes.length ? Math.min(...startedTimes) : null,
      backfillDoneMs: done && finishedTimes.length ? Math.max(...finishedTimes) : null,
      samples,
      peakPerMinute: keyCount?.peak_per_minute ?? 0,
      rateLimited: keyCount?.rate_limited ?? 0,
      inCopy: samples.at(-1)?.stored ?? 0,
      // Every core list answers with its total; one that does not leaves the check open.
      atProvider: totals.length === kinds.length && totals.every((t) => t !== null) ? totals.reduce((a, b) => a + (b ?? 0), 0) : null,
    };
    const summary = summarize(m);
    const result = {
      benchmark: "backfill",
      when: new Date().toISOString(),
      machine: machine(),
      load_average_before: loadBefore,
      load_average_after: loadAverage(),
      config: { objects: OBJECTS, provider_limit_per_minute: LIMIT_PER_MINUTE, poll_ms: POLL_MS, lists: kinds },
      first_page_s: Object.fromEntries(Object.entries(firstPageMs).map(([k, v]) => [k, seconds(v)])),
      lists: ofKinds.map((s) => ({
        kind: s.kind,
        read: s.backfillRead,
        total: s.backfillTotal,
        started_s: seconds(s.backfillStartedAt ? s.backfillStartedAt.getTime() - t0 : null),
        finished_s: seconds(s.backfillFinishedAt ? s.backfillFinishedAt.getTime() - t0 : null),
      })),
      provider_key: keyCount ? { requests: keyCount.requests, rate_limited: keyCount.rate_limited, peak_per_minute: keyCount.peak_per_minute } : null,
      samples: samples.filter((_, i) => i % 4 === 0 || i === samples.length - 1),
      summary,
    };
    const file = await writeResult("backfill", result);
    console.log("\nBackfill of the local copy:");
    for (const [k, v] of Object.entries(firstPageMs)) console.log(`  first page of ${k}: ${seconds(v) ?? "never"} s`);
    printSummary(summary);
    console.log(`  load average before ${loadBefore.join(" ")}, after ${loadAverage().join(" ")}`);
    console.log(`results in ${file}`);
  } finally {
    await stop();
  }
}

runMain(module, main);
