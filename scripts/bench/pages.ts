/**
 * Page loads (npm run bench:pages): Lighthouse, desktop profile, in Debian's Chromium, on every
 * dashboard page of the nav (lib/nav.ts) of the built app with seeded data, signed in (the session
 * cookie goes with every request). Each page is measured BENCH_LH_RUNS times (default 3, pages
 * interleaved so a burst of load on the machine hits every page alike) and the median of each
 * figure is compared with its target: performance score >= 95, LCP < 1.0 s, TBT < 100 ms,
 * CLS < 0.02. JavaScript shipped per route is the sum of the script responses Lighthouse recorded
 * (compressed bytes over the wire and uncompressed). Writes bench-results/pages.json.
 *
 * The live stream (/api/live) is blocked during the runs: it is a connection that never ends, so
 * Lighthouse would wait for network quiet until its time-out; the page's data is server-rendered
 * and the stream only brings later changes.
 *
 * Env: BENCH_LH_RUNS (default 3), BENCH_PAGES (comma-separated hrefs, to measure a few while
 * fixing one), BENCH_APP_URL / BENCH_EMULATOR_URL (an app already running; else one is started).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, machine, median, navPages, RESULTS_DIR, runningApp, writeResult, type ResultLine } from "./common";
import { ROOT } from "../processes";
import { CHROMIUM, CHROMIUM_ARGS } from "./stack";

const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const TARGETS = { score: 95, lcp_ms: 1000, tbt_ms: 100, cls: 0.02 };

interface Run {
  score: number;
  fcp_ms: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  speed_index_ms: number;
  js_transfer_bytes: number;
  js_resource_bytes: number;
  js_requests: number;
  load_average_1m: number;
  /** Lighthouse's own measure of how fast the machine ran at that moment (higher is faster; an idle desktop is around 1000-2000). */
  benchmark_index: number;
  warnings: string[];
  error?: string;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

async function main(): Promise<void> {
  const pages = navPages().filter((p) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(p.href));
  const app = await runningApp();
  const { launch } = await import("chrome-launcher");
  const lighthouse = (await import("lighthouse")).default;
  const desktop = (await import("lighthouse/core/config/desktop-config.js")).default;
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_ARGS, "--headless=new"], logLevel: "silent" });
  const runs = new Map<string, Run[]>(pages.map((p) => [p.href, []]));
  try {
    // One plain request per page first: the first render after `next start` compiles nothing, but
    // it warms the server's module cache and the upstream read cache as any earlier visitor would.
    for (const p of pages) {
      await fetch(new URL(p.href, app.appUrl), { headers: { cookie: await app.cookie(p.role) } }).then((r) => r.arrayBuffer());
    }
    console.log(`Lighthouse (desktop) on ${pages.length} pages, ${RUNS} run(s) each; load average now ${loadAverage().join(" ")}`);
    for (let run = 1; run <= RUNS; run++) {
      for (const p of pages) {
        const cookie = await app.cookie(p.role);
        const load = os.loadavg()[0]!;
        const result = await lighthouse(
          new URL(p.href, app.appUrl).toString(),
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: { Cookie: cookie },
            blockedUrlPatterns: ["*/api/live*"],
          },
          desktop,
        );
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${p.href}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const network = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((i) => i.resourceType === "Script");
        const finalUrl = lhr.finalDisplayedUrl ?? lhr.finalUrl ?? "";
        const r: Run = {
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp_ms: Math.round(audit("first-contentful-paint")),
          lcp_ms: Math.round(audit("largest-contentful-paint")),
          tbt_ms: Math.round(audit("total-blocking-time")),
          cls: Math.round(audit("cumulative-layout-shift") * 10000) / 10000,
          speed_index_ms: Math.round(audit("speed-index")),
          js_transfer_bytes: network.reduce((s, i) => s + (i.transferSize ?? 0), 0),
          js_resource_bytes: network.reduce((s, i) => s + (i.resourceSize ?? 0), 0),
          js_requests: network.length,
          load_average_1m: Math.round(load * 100) / 100,
          benchmark_index: Math.round(lhr.environment?.benchmarkIndex ?? 0),
          warnings: lhr.runWarnings ?? [],
          ...(lhr.runtimeError ? { error: lhr.runtimeError.message } : {}),
        };
        // A redirect to /sign-in or /forbidden would measure the wrong page.
        if (new URL(finalUrl || p.href, app.appUrl).pathname !== p.href) r.error = `ended on ${finalUrl}, not ${p.href}`;
        runs.get(p.href)!.push(r);
        // The last run's full report, for finding what costs time (open it in the Lighthouse viewer).
        if (run === RUNS) {
          const dir = path.join(RESULTS_DIR, "lighthouse");
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, `${p.href === "/" ? "overview" : p.href.slice(1).replace(/\//g, "_")}.json`), JSON.stringify(lhr));
        }
        console.log(
          `  [${run}/${RUNS}] ${p.href.padEnd(28)} score ${String(r.score).padStart(3)}  LCP ${String(r.lcp_ms).padStart(5)} ms  TBT ${String(r.tbt_ms).padStart(4)} ms  CLS ${r.cls}  JS ${Math.round(r.js_transfer_bytes / 1024)} KiB  (load ${r.load_average_1m}, benchmark index ${r.benchmark_index})${r.error ? `  ERROR ${r.error}` : ""}`,
        );
      }
    }
  } finally {
    await chrome.kill();
    await app.stop();
  }

  const perPage = pages.map((p) => {
    const rs = runs.get(p.href)!;
    const m = (k: keyof Run) => median(rs.map((r) => r[k] as number));
    const med = {
      score: m("score"),
      lcp_ms: m("lcp_ms"),
      tbt_ms: m("tbt_ms"),
      cls: m("cls"),
      fcp_ms: m("fcp_ms"),
      speed_index_ms: m("speed_index_ms"),
      js_transfer_bytes: m("js_transfer_bytes"),
      js_resource_bytes: m("js_resource_bytes"),
      js_requests: m("js_requests"),
    };
    const errors = rs.flatMap((r) => (r.error ? [r.error] : []));
    const met = {
      score: med.score >= TARGETS.score,
      lcp: med.lcp_ms < TARGETS.lcp_ms,
      tbt: med.tbt_ms < TARGETS.tbt_ms,
      cls: med.cls < TARGETS.cls,
    };
    return { page: p.href, title: p.title, role: p.role, median: med, met, all_met: errors.length === 0 && Object.values(met).every(Boolean), errors, runs: rs };
  });

  const summary: ResultLine[] = [];
  for (const p of perPage) {
    const bad = p.errors.length > 0;
    summary.push(
      { metric: `${p.page} performance score`, value: p.median.score, target: `>= ${TARGETS.score}`, met: !bad && p.met.score },
      { metric: `${p.page} LCP`, value: p.median.lcp_ms, unit: "ms", target: `< ${TARGETS.lcp_ms} ms`, met: !bad && p.met.lcp },
      { metric: `${p.page} TBT`, value: p.median.tbt_ms, unit: "ms", target: `< ${TARGETS.tbt_ms} ms`, met: !bad && p.met.tbt },
      { metric: `${p.page} CLS`, value: p.median.cls, target: `< ${TARGETS.cls}`, met: !bad && p.met.cls },
      { metric: `${p.page} JavaScript shipped`, value: Math.round(p.median.js_transfer_bytes / 1024), unit: `KiB compressed (${Math.round(p.median.js_resource_bytes / 1024)} KiB uncompressed)` },
    );
  }

  const file = await writeResult("pages", {
    benchmark: "pages",
    at: new Date().toISOString(),
    machine: machine(),
    lighthouse: { version: (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version, preset: "desktop", runs: RUNS, blocked: ["*/api/live*"] },
    targets: TARGETS,
    pages: perPage,
    all_met: perPage.every((p) => p.all_met),
    summary,
  });
  console.log(`\n${"page".padEnd(28)} score   LCP ms  TBT ms  CLS     JS KiB (gz)`);
  for (const p of perPage) {
    const flag = (ok: boolean) => (ok ? " " : "!");
    console.log(
      `${p.page.padEnd(28)} ${String(p.median.score).padStart(3)}${flag(p.met.score)}  ${String(p.median.lcp_ms).padStart(6)}${flag(p.met.lcp)} ${String(p.median.tbt_ms).padStart(6)}${flag(p.met.tbt)} ${String(p.median.cls).padEnd(6)}${flag(p.met.cls)} ${String(Math.round(p.median.js_transfer_bytes / 1024)).padStart(6)}${p.errors.length ? `  ${p.errors[0]}` : ""}`,
    );
  }
  console.log(`(medians of ${RUNS} run(s); "!" marks a missed target; results in ${file}; ${path.basename(CHROMIUM)} ${machine().chromium ?? ""})`);
  process.exitCode = perPage.every((p) => p.all_met) ? 0 : 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
