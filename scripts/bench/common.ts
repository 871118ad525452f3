import { can, type Role } from "../../lib/auth/permissions";
import { NAV } from "../../lib/nav";
import { signIn, startBenchStack } from "./stack";

export { loadAverage, machine, RESULTS_DIR, type ResultLine, writeResult } from "./results";

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
