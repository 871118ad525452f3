/**
 * What every benchmark shares that needs nothing of the app: its result lines, the machine it ran
 * on, its result file, its printed summary and its exit code. Benchmarks that run the app's modules
 * outside Next (bench:backfill) import this instead of common.ts, which pulls in the navigation.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM } from "../machine/chromium";
import { ROOT } from "../processes";

/** One measured figure against its target; every benchmark's JSON carries a `summary` of these. */
export interface ResultLine {
  metric: string;
  value: number | string | null;
  unit?: string;
  /** The target in words, e.g. "< 1000 ms" or ">= 95". */
  target?: string;
  met?: boolean;
}

export const RESULTS_DIR = path.join(ROOT, "bench-results");

export function machine() {
  const cpus = os.cpus();
  let osName = `${os.type()} ${os.release()}`;
  try {
    const rel = fs.readFileSync("/etc/os-release", "utf8");
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(rel)?.[1];
    if (pretty) osName = `${pretty} (${os.type()} ${os.release()})`;
  } catch {
    /* not Linux: os.type() is enough */
  }
  let chromium: string | null = null;
  try {
    chromium = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    /* no Chromium: the page benchmark says so itself */
  }
  return {
    cpu_model: cpus[0]?.model.trim() ?? "unknown",
    cpu_count: cpus.length,
    memory_gb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: osName,
    arch: os.arch(),
    chromium,
    load_average: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

/** The 1, 5 and 15 minute load averages now: other work on the machine inflates CPU-bound figures. */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

export async function writeResult(name: string, result: Record<string, unknown> & { summary: ResultLine[] }): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

/** Prints each line with its target, and sets the exit code: non-zero when a target is missed. */
export function printSummary(summary: readonly ResultLine[]): void {
  for (const l of summary)
    console.log(`  ${l.metric}: ${l.value}${l.unit ? ` ${l.unit}` : ""}${l.target ? ` (target ${l.target}: ${l.met ? "met" : "NOT met"})` : ""}`);
  process.exitCode = summary.every((l) => l.met !== false) ? 0 : 1;
}

/** Runs a benchmark's main when the file is run, not imported (its tests import its helpers). */
export function runMain(module: NodeJS.Module, main: () => Promise<void>): void {
  if (require.main !== module) return;
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
