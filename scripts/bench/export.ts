/**
 * Streamed CSV export (npm run bench:export). Starts a throwaway embedded PostgreSQL, migrates it,
 * seeds BENCH_EXPORT_ROWS (1,000,000) audit rows for one organization (in groups sharing one
 * timestamp, plus another organization's rows that must not appear), then downloads the audit
 * log's export through the same source and response the route handler uses, reading the body as
 * a client does. BENCH_EXPORT_LIST=deposits seeds the local copy's deposits instead (the same
 * grouping and other organization) and downloads the deposit list's export, which reads the copy. Prints rows/s and MB/s, the app's CPU per row (the target, <= 50 µs: wall time
 * depends on what else the machine runs), and the process's resident memory: at the start, after the
 * first tenth of the rows, and its peak. A streamed export keeps the peak flat: the growth from the
 * first tenth to the end must stay under BENCH_EXPORT_RSS_GROWTH_MB (64), whereas holding the
 * file (about 285 MB for a million rows) would grow with every row. Writes bench-results/export.json (export-deposits.json for the deposits).
 *
 * Run under the react-server condition (the `server-only` guard resolves to an empty module):
 *   tsx --conditions=react-server scripts/bench/export.ts
 */
import crypto from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { migrate } from "../../lib/db/migrate";
import type { ExportScope } from "../../lib/export/source";
import { PrismaClient } from "../../lib/generated/prisma/client";
import { freePort, startEmbeddedDb } from "../embedded-db";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const LIST = process.env.BENCH_EXPORT_LIST ?? "audit";
const OTHER_ROWS = Math.ceil(ROWS / 20);
/** Judged on the app's CPU time, not wall time, which other work on a shared machine inflates (as bench:pages judges blocking time). */
const TARGET_CPU_US_PER_ROW = 50;
const TARGET_GROWTH_MB = Number(process.env.BENCH_EXPORT_RSS_GROWTH_MB ?? 64);

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function seedAudit(db: PrismaClient, organizationId: string, actorId: string, rows: number): Promise<void> {
  // One statement: rows in groups of 50 sharing a timestamp, so the keyset's tie-break is exercised.
  await db.$executeRawUnsafe(
    `INSERT INTO audit_log (organization_id, at, actor_id, actor_email, action, target_type, target_id, environment, after, request_id, ip, user_agent)
     SELECT $1::uuid, timestamptz '2026-01-01T00:00:00Z' + ((g / 50) * interval '1 second'), $2::uuid, 'admin@bench.test',
            (ARRAY['transfer.create','withdrawal.submit','review.decision_recorded','api_key.add'])[1 + g % 4], 'transfer', 'tr_' || g, 'sandbox',
            jsonb_build_object('amount', (g % 100000)::text || '.50', 'currency', 'NGN', 'note', 'Payment ' || g || ', "quoted" =SUM(A1)'),
            md5(g::text), '203.0.113.' || (g % 250), 'Mozilla/5.0 (bench)'
     FROM generate_series(1, $3::int) AS g`,
    organizationId,
    actorId,
    rows,
  );
}

async function seedDeposits(db: PrismaClient, organizationId: string, _actorId: string, rows: number): Promise<void> {
  // The copy's rows as the store writes them (lib/ledger/store.ts), 50 to a created time.
  await db.$executeRawUnsafe(
    `INSERT INTO synced_objects (organization_id, environment, kind, provider_id, data, status, amount, currency, search_text,
                                 provider_created_at, provider_updated_at, source, synced_at, changed_at)
     SELECT $1::uuid, 'sandbox', 'deposit', 'dep_' || g,
            jsonb_build_object('id', 'dep_' || g, 'type', 'NGN_DEPOSIT', 'amount', (g % 100000)::text || '.50', 'currency', 'NGN',
                               'status', s.status, 'settlement_status', s.status, 'customer_id', md5(g::text)::uuid,
                               'flag_message', 'Payment ' || g || ', "quoted" =SUM(A1)', 'created_at', t.at, 'updated_at', t.at),
            s.status, (g % 100000) + 0.5, 'NGN', 'dep_' || g, t.at, t.at, 'backfill', now(), now()
     FROM generate_series(1, $2::int) AS g,
          LATERAL (SELECT timestamptz '2026-01-01T00:00:00Z' + ((g / 50) * interval '1 second') AS at) t,
          LATERAL (SELECT (ARRAY['COMPLETED','RECEIVED','PROCESSING','FAILED'])[1 + g % 4] AS status) s`,
    organizationId,
    rows,
  );
}

/** What the bench can export: the audit log (the default) or a list read from the local copy. */
const LISTS = {
  audit: {
    table: "audit_log",
    seed: seedAudit,
    source: async () => {
      const { auditExport } = await import("../../lib/audit/export");
      const { loadAuditFilters } = await import("../../lib/audit/filters");
      return { ...auditExport, read: (scope: ExportScope) => auditExport.rows(scope, loadAuditFilters({})) };
    },
  },
  deposits: {
    table: "synced_objects",
    seed: seedDeposits,
    source: async () => {
      const { depositExport } = await import("../../lib/review/deposit-export");
      const { loadDepositFilters } = await import("../../lib/review/deposit-filters");
      return { ...depositExport, read: (scope: ExportScope) => depositExport.rows(scope, loadDepositFilters({})) };
    },
  },
} as const;

async function main(): Promise<void> {
  if (!Object.hasOwn(LISTS, LIST)) throw new Error(`BENCH_EXPORT_LIST must be one of ${Object.keys(LISTS).join(", ")}.`);
  const bench = LISTS[LIST as keyof typeof LISTS];
  const dir = await mkdtemp(path.join(os.tmpdir(), "export-bench-"));
  const pg = await startEmbeddedDb({ dataDir: path.join(dir, "pg"), port: await freePort(), database: "bench", persistent: false });
  try {
    await migrate(pg.url);
    process.env.DATABASE_URL = pg.url;
    process.env.AUTH_SECRET ??= crypto.randomBytes(32).toString("base64");
    process.env.VAULT_MASTER_KEY ??= crypto.randomBytes(32).toString("base64");
    process.env.LOG_LEVEL ??= "warn";

    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) });
    const [org, other] = await Promise.all([db.organization.create({ data: { name: "Bench merchant" } }), db.organization.create({ data: { name: "Other" } })]);
    const admin = await db.user.create({ data: { organizationId: org.id, email: "admin@bench.test", name: "Admin", role: "admin" } });
    const seeded = performance.now();
    await bench.seed(db, other.id, admin.id, OTHER_ROWS);
    await bench.seed(db, org.id, admin.id, ROWS);
    await db.$executeRawUnsafe(`ANALYZE ${bench.table}`);
    const seedS = (performance.now() - seeded) / 1000;
    await db.$disconnect();
    console.log(`Seeded ${ROWS.toLocaleString("en")} ${LIST} rows (+${OTHER_ROWS.toLocaleString("en")} of another organization) in ${seedS.toFixed(1)} s`);

    const source = await bench.source();
    const { csvResponse } = await import("../../lib/export/csv");

    const rssStart = process.memoryUsage().rss;
    let rssPeak = rssStart;
    let heapPeak = process.memoryUsage().heapUsed;
    let rssAtTenth: number | null = null;
    const sample = () => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
      return m.rss;
    };
    const timer = setInterval(sample, 50);

    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const res = await csvResponse({
      list: source.list,
      environment: "sandbox",
      columns: source.columns,
      rows: source.read({ organizationId: org.id, environment: "sandbox", zone: "UTC" }),
    });
    const reader = res.body!.getReader();
    let bytes = 0;
    let lines = 0;
    let firstByteMs: number | null = null;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - started;
      bytes += value.byteLength;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
      if (rssAtTenth === null && lines > ROWS / 10) rssAtTenth = sample();
    }
    const elapsedS = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuS = (cpu.user + cpu.system) / 1e6;
    clearInterval(timer);
    sample();

    const rows = lines - 1; // less the header
    const growth = mb(rssPeak - (rssAtTenth ?? rssStart));
    const result = {
      at: new Date().toISOString(),
      list: LIST,
      rows_seeded: ROWS,
      other_organization_rows: OTHER_ROWS,
      rows_exported: rows,
      seconds: Math.round(elapsedS * 100) / 100,
      rows_per_second: Math.round(rows / elapsedS),
      app_cpu_seconds: Math.round(cpuS * 100) / 100,
      // The app process's own CPU per row: unlike rows/s, hardly inflated by other work on the machine.
      app_cpu_us_per_row: Math.round((cpuS * 1e6) / Math.max(1, rows)),
      megabytes: mb(bytes),
      megabytes_per_second: Math.round((mb(bytes) / elapsedS) * 10) / 10,
      first_byte_ms: Math.round(firstByteMs ?? 0),
      rss_start_mb: mb(rssStart),
      rss_after_first_tenth_mb: mb(rssAtTenth ?? rssStart),
      rss_peak_mb: mb(rssPeak),
      rss_growth_after_first_tenth_mb: growth,
      heap_peak_mb: mb(heapPeak),
      seed_seconds: Math.round(seedS * 10) / 10,
      load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    };
    const summary = [
      { metric: "rows exported (all of the organization's, none of the other's)", value: rows, target: `= ${ROWS}`, met: rows === ROWS },
      {
        metric: "app CPU per row (PostgreSQL's not counted)",
        value: result.app_cpu_us_per_row,
        unit: "µs",
        target: `<= ${TARGET_CPU_US_PER_ROW} (${(1e6 / TARGET_CPU_US_PER_ROW).toLocaleString("en")} rows per CPU second)`,
        met: result.app_cpu_us_per_row <= TARGET_CPU_US_PER_ROW,
      },
      { metric: "export throughput (wall clock; read with the load average)", value: result.rows_per_second, unit: "rows/s" },
      { metric: "export size / time", value: `${result.megabytes} MB in ${result.seconds} s (${result.megabytes_per_second} MB/s)` },
      { metric: "first byte", value: result.first_byte_ms, unit: "ms" },
      {
        metric: "peak RSS growth from the first tenth of the rows to the end",
        value: growth,
        unit: "MB",
        target: `< ${TARGET_GROWTH_MB} (flat)`,
        met: growth < TARGET_GROWTH_MB,
      },
      { metric: "RSS start / after a tenth / peak", value: `${result.rss_start_mb} / ${result.rss_after_first_tenth_mb} / ${result.rss_peak_mb} MB` },
    ];
    console.log(JSON.stringify(result, null, 2));
    for (const line of summary)
      console.log(
        `${line.met === false ? "NOT MET " : ""}${line.metric}: ${line.value}${line.unit ? ` ${line.unit}` : ""}${line.target ? ` (target ${line.target})` : ""}`,
      );
    await mkdir("bench-results", { recursive: true });
    await writeFile(
      path.join("bench-results", LIST === "audit" ? "export.json" : `export-${LIST}.json`),
      `${JSON.stringify({ ...result, summary }, null, 2)}\n`,
    );
    if (summary.some((l) => l.met === false)) process.exitCode = 1;
  } finally {
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
