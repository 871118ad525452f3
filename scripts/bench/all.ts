/**
 * `npm run bench`: every benchmark of the project, then one summary. The benchmarks are the
 * package.json scripts named `bench:*` (a new one is picked up by adding its script), run one
 * after another so none steals the other's CPU. Those that bring their own server run first; then
 * the built app (embedded PostgreSQL, emulator, `next build` + `next start`, demo data) is started
 * once, here, and handed to the benchmarks that need it (`usesApp`) through BENCH_APP_URL and
 * BENCH_EMULATOR_URL; it is stopped at the end.
 *
 * Each `bench:<name>` writes bench-results/<name>.json with a `summary` array of result lines
 * ({ metric, value, unit?, target?, met? }); a benchmark without one is reported by its exit
 * code. The summary goes to bench-results/summary.json and summary.md (the table in docs/benchmarks.md) with
 * the machine's description, and is printed as a table.
 *
 * Env: BENCH_ONLY (comma-separated names, e.g. "pages,concurrency"), BENCH_SKIP_BUILD=1 (reuse
 * .next), plus each benchmark's own variables.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadAverage, machine, RESULTS_DIR, type ResultLine } from "./common";
import { ROOT } from "../processes";
import { benchScripts, runOrder, usesApp } from "./plan";
import { startBenchStack, type BenchStack } from "./stack";

interface BenchOutcome {
  name: string;
  script: string;
  command: string;
  exit_code: number | null;
  duration_s: number;
  load_average_before: number[];
  result_file: string | null;
  lines: ResultLine[];
}

function run(script: string, env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { cwd: ROOT, env, stdio: "inherit" });
    child.on("exit", (code) => resolve(code));
    child.on("error", () => resolve(null));
  });
}

function readResult(name: string, since: number): { file: string; lines: ResultLine[] | null } | null {
  const file = path.join(RESULTS_DIR, `${name}.json`);
  try {
    if (fs.statSync(file).mtimeMs < since) return null; // left from an earlier run
    const json = JSON.parse(fs.readFileSync(file, "utf8")) as { summary?: ResultLine[] };
    return { file: path.relative(ROOT, file), lines: Array.isArray(json.summary) ? json.summary : null };
  } catch {
    return null;
  }
}

const cell = (v: unknown) => (v === undefined || v === null ? "" : String(v));
const verdict = (l: ResultLine) => (l.met === undefined ? "" : l.met ? "met" : "NOT met");

function table(outcomes: BenchOutcome[]): string[][] {
  const rows: string[][] = [];
  for (const o of outcomes) {
    for (const l of o.lines) rows.push([o.name, l.metric, `${cell(l.value)}${l.unit ? ` ${l.unit}` : ""}`, cell(l.target), verdict(l)]);
  }
  return rows;
}

function printTable(rows: string[][]): void {
  const head = ["benchmark", "metric", "value", "target", "result"];
  const widths = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) console.log(line(r));
}

function markdown(summary: { at: string; machine: ReturnType<typeof machine>; load_average: { start: number[]; end: number[] } }, rows: string[][]): string {
  const m = summary.machine;
  const esc = (s: string) => s.replace(/\|/g, "\\|");
  return [
    `Measured ${summary.at.slice(0, 16).replace("T", " ")} UTC on ${m.cpu_count} × ${m.cpu_model}, ${m.memory_gb} GB, ${m.os}, Node ${m.node}${m.chromium ? `, ${m.chromium}` : ""}; load average ${summary.load_average.start[0]} at the start, ${summary.load_average.end[0]} at the end.`,
    "",
    "| Benchmark | Metric | Value | Target | Result |",
    "|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.map(esc).join(" | ")} |`),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts?: Record<string, string> };
  const only = process.env.BENCH_ONLY?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const benches = benchScripts(pkg).filter((b) => !only || only.includes(b.name));
  if (benches.length === 0) throw new Error("no bench:* script to run");
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const at = new Date().toISOString();
  const loadStart = loadAverage();
  console.log(`Benchmarks: ${benches.map((b) => b.name).join(", ")}`);

  let stack: BenchStack | undefined;
  let stopping = false;
  const stopAll = async () => {
    if (stopping) return;
    stopping = true;
    await stack?.stop();
  };
  process.on("SIGINT", () => void stopAll().then(() => process.exit(130)));
  process.on("SIGTERM", () => void stopAll().then(() => process.exit(143)));

  const outcomes: BenchOutcome[] = [];
  try {
    const ordered = runOrder(benches);
    let env: NodeJS.ProcessEnv = { ...process.env };
    for (const b of ordered) {
      if (usesApp(b) && !stack) {
        console.log("\n=== Starting the built app with the emulator and seeded data ===");
        stack = await startBenchStack();
        console.log(`App ${stack.appUrl}, emulator ${stack.emulatorUrl}`);
        env = { ...process.env, BENCH_APP_URL: stack.appUrl, BENCH_EMULATOR_URL: stack.emulatorUrl };
      }
      console.log(`\n=== ${b.script}: ${b.command} ===`);
      const started = Date.now();
      const loadBefore = loadAverage();
      const code = await run(b.script, env);
      const result = readResult(b.name, started);
      // No summary of its own: the exit code is the verdict.
      const lines: ResultLine[] = result?.lines ?? [
        { metric: result ? "completed" : "completed (no bench-results file)", value: `exit code ${code}`, target: "exit code 0", met: code === 0 },
      ];
      if (code !== 0 && result?.lines && lines.every((l) => l.met !== false)) {
        lines.push({ metric: "completed", value: `exit code ${code}`, target: "exit code 0", met: false });
      }
      outcomes.push({
        name: b.name,
        script: b.script,
        command: b.command,
        exit_code: code,
        duration_s: Math.round((Date.now() - started) / 1000),
        load_average_before: loadBefore,
        result_file: result?.file ?? null,
        lines,
      });
    }
  } finally {
    await stopAll();
  }

  const summary = {
    at,
    machine: machine(),
    load_average: { start: loadStart, end: loadAverage() },
    benchmarks: outcomes,
    all_met: outcomes.every((o) => o.lines.every((l) => l.met !== false)),
  };
  fs.writeFileSync(path.join(RESULTS_DIR, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
  const rows = table(outcomes);
  fs.writeFileSync(path.join(RESULTS_DIR, "summary.md"), markdown(summary, rows));
  const m = summary.machine;
  console.log(
    `\n=== Summary (${m.cpu_count} × ${m.cpu_model}, ${m.memory_gb} GB, ${m.os}, Node ${m.node}; load average ${loadStart[0]} -> ${summary.load_average.end[0]}) ===`,
  );
  printTable(rows);
  const missed = rows.filter((r) => r[4] === "NOT met").length;
  console.log(`\n${missed === 0 ? "Every target met." : `${missed} target(s) not met.`} Written: bench-results/summary.json, bench-results/summary.md`);
  process.exit(missed === 0 ? 0 : 1);
}

main().catch(async (err: unknown) => {
  console.error(err);
  process.exit(1);
});
