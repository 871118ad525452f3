/**
 * What the benchmarks share: the machine's description, the one result-line shape the summary
 * (scripts/bench/all.ts) prints, the pages of the nav, and the running app (from the summary's
 * environment, or started here when a benchmark runs alone).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { can, type Role } from "../../lib/auth/permissions";
import { NAV } from "../../lib/nav";
import { CHROMIUM } from "../machine/chromium";
import { ROOT } from "../processes";
import { signIn, startBenchStack } from "./stack";

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

export const ROLES: Role[] = ["admin", "approver", "operator", "viewer"];
export const emailOf = (role: Role) => `${role}@demo.test`;

/** Every dashboard page in the nav, with the first role allowed to see it. New nav lines are picked up as they land. */
export function navPages(): { title: string; href: string; role: Role }[] {
  const out: { title: string; href: string; role: Role }[] = [];
  for (const area of NAV) {
    for (const item of area.items) {
      const role = ROLES.find((r) => can(r, item.permission));
      if (role) out.push({ title: item.title, href: item.href, role });
    }
  }
  return out;
}

/** The pages one role sees in the nav. */
export function navPagesFor(role: Role): { title: string; href: string }[] {
  return NAV.flatMap((a) => a.items.filter((i) => can(role, i.permission)).map((i) => ({ title: i.title, href: i.href })));
}

export interface RunningApp {
  appUrl: string;
  emulatorUrl: string;
  /** Cookie header per role, signed in lazily. */
  cookie(role: Role): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The app under test: the one `npm run bench` started (BENCH_APP_URL and BENCH_EMULATOR_URL), or
 * a fresh build started here when the benchmark runs on its own.
 */
export async function runningApp(): Promise<RunningApp> {
  let appUrl = process.env.BENCH_APP_URL;
  let emulatorUrl = process.env.BENCH_EMULATOR_URL;
  let stop = async () => undefined as void;
  if (!appUrl || !emulatorUrl) {
    const stack = await startBenchStack();
    appUrl = stack.appUrl;
    emulatorUrl = stack.emulatorUrl;
    stop = stack.stop;
    // Ctrl-C must not leave the database, emulator and app running.
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stack.stop().then(() => process.exit(130)));
  }
  const cookies = new Map<Role, Promise<string>>();
  const base = appUrl;
  return {
    appUrl,
    emulatorUrl,
    cookie(role) {
      if (!cookies.has(role)) cookies.set(role, signIn(base, emailOf(role)));
      return cookies.get(role)!;
    },
    stop,
  };
}

export async function writeResult(name: string, result: Record<string, unknown> & { summary: ResultLine[] }): Promise<string> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return path.relative(process.cwd(), file);
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

export const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
