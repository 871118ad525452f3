/**
 * The whole app for the page and concurrency benchmarks, started the way `npm test` starts it: a
 * throwaway embedded PostgreSQL with migrations and the demo seed, the sandbox emulator (its real
 * 100-per-minute limit on), `next build` and `next start` on free ports, and the emulator's keys
 * in the demo organization's vault. `stop()` ends every process it started.
 *
 * Env: BENCH_SKIP_BUILD=1 reuses the .next build already there (for iterating on a benchmark);
 * BENCH_CPU_PROF=<folder> writes a CPU profile of each server process there when it stops (Node
 * refuses --cpu-prof in NODE_OPTIONS, so it is passed to the app's command line).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../../lib/db/migrate";
import { freePort, startEmbeddedDb, type EmbeddedDb } from "../embedded-db";
import { bin, ROOT, startProcess, waitForHttp, type Managed } from "../processes";
import { CHROMIUM, CHROMIUM_ARGS } from "../machine/chromium";
import { generateClient } from "../prisma";

export const DEMO_PASSWORD = "merchant-ops-demo";

export interface BenchStack {
  appUrl: string;
  emulatorUrl: string;
  databaseUrl: string;
  logDir: string;
  stop(): Promise<void>;
}

export async function startBenchStack(opts: { print?: (line: string) => void } = {}): Promise<BenchStack> {
  const print = opts.print ?? ((line: string) => console.log(line));
  const started: Managed[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-bench-"));
  const logDir = path.join(ROOT, "bench-results", "logs");
  fs.mkdirSync(logDir, { recursive: true });
  let db: EmbeddedDb | undefined;
  const stop = async () => {
    for (const p of started.reverse()) await p.stop();
    await db?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    generateClient();
    db = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "bench", persistent: false });
    const databaseUrl = db.url;
    await migrate(databaseUrl);
    // Imported after generateClient(): the seed needs the generated Prisma client.
    const { seed } = await import("../../prisma/seed");
    await seed(databaseUrl);
    const { seedDemoThresholds } = await import("../../lib/approvals/seed-demo");
    await seedDemoThresholds(databaseUrl);

    const appPort = await freePort();
    const emulatorPort = await freePort();
    const appUrl = `http://localhost:${appPort}`;
    const emulatorUrl = `http://localhost:${emulatorPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      AUTH_SECRET: "bench-only-auth-secret-0123456789abcdef",
      VAULT_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
      VAULT_MASTER_KEY_ID: "bench-1",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      APP_URL: appUrl,
      EMULATOR_URL: emulatorUrl,
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_DATA_DIR: path.join(tmp, "emulator"),
      // The provider's own pace: bench:pro times fills against it by moving the clock itself.
      EMULATOR_CLOCK_FACTOR: "1",
      UPSTREAM_SANDBOX_CORE_URL: emulatorUrl,
      UPSTREAM_SANDBOX_PRO_URL: `${emulatorUrl}/pro`,
    };
    // The provider's real limit: the concurrency benchmark proves the app keeps under it.
    delete env.EMULATOR_RATE_LIMIT;

    if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
      print("Reusing the existing .next build (BENCH_SKIP_BUILD=1).");
    } else {
      print("Building the app (next build)...");
      execFileSync(bin("next"), ["build"], { cwd: ROOT, env, stdio: ["ignore", fs.openSync(path.join(logDir, "build.log"), "w"), "inherit"] });
    }
    const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], env, { logFile: path.join(logDir, "emulator.log") });
    started.push(emulator);
    // As `npm start` runs it: one server process per core.
    const app = startProcess(
      "app",
      process.execPath,
      [...cpuProfileArgs(), "--import", "tsx", "scripts/serve.ts"],
      { ...env, PORT: String(appPort) },
      { logFile: path.join(logDir, "app.log") },
    );
    started.push(app);
    await waitForHttp(`${emulatorUrl}/__emulator/health`, 60_000, () => emulator.child.exitCode === null);
    const { seedDemoVault } = await import("../../lib/vault/seed-demo");
    await seedDemoVault({ databaseUrl, emulatorUrl, appUrl, env, print: () => undefined });
    await waitForHttp(`${appUrl}/api/health`, 60_000, () => app.child.exitCode === null);
    return { appUrl, emulatorUrl, databaseUrl, logDir, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The server's CPU profile flags (BENCH_CPU_PROF); the cluster's workers inherit them. */
function cpuProfileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  if (!dir) return [];
  fs.mkdirSync(dir, { recursive: true });
  return ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`];
}

/**
 * A Cookie header as the browser's own cookies, for a Chromium context of the benchmarks. The
 * session must be in the browser's jar, as after a real sign-in: once the page writes a cookie of
 * its own (the time zone), Chromium sends the jar's cookies instead of an extra Cookie header.
 */
export function browserCookies(appUrl: string, cookieHeader: string): { name: string; value: string; url: string }[] {
  return cookieHeader
    .split(/;\s*/)
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl };
    });
}

/** Signs in through the real form in Chromium and returns the session as a Cookie header. */
export async function signIn(appUrl: string, email: string): Promise<string> {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ baseURL: appUrl });
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Overview" }).waitFor({ timeout: 60_000 });
    const cookies = await page.context().cookies(appUrl);
    return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  } finally {
    await browser.close();
  }
}
