/**
 * `npm test`: every suite of the project, on a fresh embedded PostgreSQL. Biome's check (`npm run
 * lint`, counted as one test), vitest (unit, emulator contract and integration tests), then the
 * built app with the emulator under Playwright in Debian's Chromium. Ends with one line
 * `N passed, N failed` adding up every suite.
 *
 * `npm test -- e2e/deposits.spec.ts` (any Playwright arguments) runs only those specs, on the same
 * fresh stack and without vitest: for going over a few specs while fixing them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../lib/db/migrate";
import { freePort, startEmbeddedDb, type EmbeddedDb } from "./embedded-db";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";
import { bin, ROOT, runToEnd as run, startProcess, waitForHttp, type Managed } from "./processes";
import { generateClient } from "./prisma";

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

let interrupted = false;

async function main() {
  const playwrightArgs = process.argv.slice(2);
  const started: Managed[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-test-"));
  // Not test-results/: Playwright empties that folder when it starts.
  const results = path.join(ROOT, ".test-run");
  fs.mkdirSync(results, { recursive: true });
  const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
  const add = (c: Counts) => {
    totals.passed += c.passed;
    totals.failed += c.failed;
    totals.skipped += c.skipped;
  };

  // Ctrl-C (or a SIGTERM) stops what we started too: the emulator and the app servers run in
  // process groups of their own, so the signal that stops us and Playwright does not reach them.
  // (Why package.json runs us with `node --import tsx`: see scripts/local-stack.ts.)
  let dbStarting: Promise<EmbeddedDb> | undefined;
  let mail: MailCatcher | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await Promise.all(started.map((p) => p.stop()));
      await mail?.stop();
      await (await dbStarting?.catch(() => undefined))?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    })());
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      interrupted = true;
      void cleanUp().then(() => process.exit(code));
    });
  }

  // 0. Biome, first because it needs nothing started and fails fastest.
  if (playwrightArgs.length === 0) {
    console.log("\n=== Biome: npm run lint ===");
    const linted = await run("npm", ["run", "--silent", "lint"], process.env);
    add({ passed: linted ? 1 : 0, failed: linted ? 0 : 1, skipped: 0 });
  }

  generateClient();
  const chromiumReady = await run("bash", ["scripts/machine/ensure-chromium.sh"], process.env);
  dbStarting = startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "vitest", persistent: false });
  const db = await dbStarting;
  try {
    const e2eUrl = db.url.replace(/\/vitest$/, "/e2e");
    // The app's mail goes over real SMTP to this catcher; e2e tests read it (E2E_MAIL_CATCHER_URL).
    mail = await startMailCatcher();
    const baseEnv: NodeJS.ProcessEnv = {
      ...process.env,
      AUTH_SECRET: "test-only-auth-secret-0123456789abcdef",
      VAULT_MASTER_KEY: Buffer.alloc(32, 9).toString("base64"),
      VAULT_MASTER_KEY_ID: "test-1",
      LOG_LEVEL: "warn",
      NEXT_TELEMETRY_DISABLED: "1",
    };

    // 1. vitest
    if (playwrightArgs.length === 0) {
      console.log("\n=== vitest: unit, emulator contract and integration tests ===");
      const vitestJson = path.join(results, "vitest.json");
      fs.rmSync(vitestJson, { force: true });
      await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile=${vitestJson}`], { ...baseEnv, TEST_DATABASE_URL: db.url });
      const v = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numFailedTestSuites: number }>(
        vitestJson,
      );
      if (v)
        add({
          passed: v.numPassedTests,
          failed: v.numFailedTests + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0),
          skipped: v.numPendingTests + v.numTodoTests,
        });
      else add({ passed: 0, failed: 1, skipped: 0 });
    }

    // 2. the built app and the emulator under Playwright
    console.log("\n=== Playwright: the built app against the emulator in Chromium ===");
    await createDatabase(db.url, "e2e");
    await migrate(e2eUrl);
    // Imported after generateClient(): the seed needs the generated Prisma client.
    const { seed } = await import("../prisma/seed");
    await seed(e2eUrl);
    const { seedDemoThresholds } = await import("../lib/approvals/seed-demo");
    await seedDemoThresholds(e2eUrl);
    const appPort = await freePort();
    const emulatorPort = await freePort();
    const appUrl = `http://localhost:${appPort}`;
    const env: NodeJS.ProcessEnv = {
      ...baseEnv,
      NODE_ENV: "production",
      DATABASE_URL: e2eUrl,
      APP_URL: appUrl,
      EMULATOR_URL: `http://localhost:${emulatorPort}`,
      EMULATOR_PORT: String(emulatorPort),
      EMULATOR_DATA_DIR: path.join(tmp, "emulator"),
      EMULATOR_CLOCK_FACTOR: "60",
      // Two browsers running the suite non-stop ask far more than a finance team does, and at the
      // provider's 100 a minute a page's test would depend on which tests ran just before it. The
      // budget at the real limit is proven by the upstream integration tests, e2e/scale-out.spec.ts
      // (which reads this limit) and npm run bench:concurrency (which runs at 100).
      EMULATOR_RATE_LIMIT: "300",
      // So e2e/security.spec.ts scrapes /api/metrics as Prometheus would, with the bearer token.
      METRICS_TOKEN: "test-only-metrics-token-0123456789abcdef",
      UPSTREAM_RATE_LIMIT_PER_MINUTE: "300",
      UPSTREAM_SANDBOX_CORE_URL: `http://localhost:${emulatorPort}`,
      UPSTREAM_SANDBOX_PRO_URL: `http://localhost:${emulatorPort}/pro`,
      // e2e/review-queue.spec.ts receives the outbound webhook on 127.0.0.1 (sandbox only).
      ALLOW_LOOPBACK_WEBHOOKS: "1",
      SMTP_URL: mail.smtpUrl,
    };
    let e2e: Counts = { passed: 0, failed: 1, skipped: 0 };
    if (!chromiumReady) console.error("Chromium is missing: the Playwright suite could not run.");
    else if (await run(bin("next"), ["build"], env)) {
      const appLog = path.join(results, "app.log");
      fs.rmSync(appLog, { force: true });
      const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], env, { logFile: path.join(results, "emulator.log") });
      started.push(emulator);
      // As `npm start` runs it, with one worker: the second instance below is the suite's other process.
      const app = startProcess(
        "app",
        process.execPath,
        ["--import", "tsx", "scripts/serve.ts"],
        { ...env, LOG_LEVEL: "info", PORT: String(appPort), WEB_CONCURRENCY: "1" },
        { logFile: appLog },
      );
      started.push(app);
      // A second instance of the same build on the same database, as behind a load balancer, with
      // `npm start`'s two workers: e2e/scale-out.spec.ts proves sessions, rate budget, ledger, live
      // updates and approvals hold across instances, and that a worker that dies is replaced.
      const secondUrl = `http://localhost:${await freePort()}`;
      const second = startProcess(
        "app-2",
        process.execPath,
        ["--import", "tsx", "scripts/serve.ts"],
        { ...env, LOG_LEVEL: "info", PORT: new URL(secondUrl).port, WEB_CONCURRENCY: "2" },
        { logFile: path.join(results, "app-2.log") },
      );
      started.push(second);
      await waitForHttp(`http://localhost:${emulatorPort}/__emulator/health`, 60_000, () => emulator.child.exitCode === null);
      const { seedDemoVault } = await import("../lib/vault/seed-demo");
      await seedDemoVault({ databaseUrl: e2eUrl, emulatorUrl: `http://localhost:${emulatorPort}`, appUrl, env, print: () => undefined });
      await waitForHttp(`${appUrl}/api/health`, 60_000, () => app.child.exitCode === null);
      await waitForHttp(`${secondUrl}/api/health`, 60_000, () => second.child.exitCode === null);
      const pwJson = path.join(results, "playwright.json");
      fs.rmSync(pwJson, { force: true });
      await run(bin("playwright"), ["test", ...playwrightArgs], {
        ...env,
        NODE_ENV: "test",
        E2E_BASE_URL: appUrl,
        E2E_EMULATOR_URL: `http://localhost:${emulatorPort}`,
        E2E_SECOND_BASE_URL: secondUrl,
        E2E_SECOND_PID: String(second.child.pid),
        E2E_MAIL_CATCHER_URL: mail.httpUrl,
        APP_LOG_FILE: appLog,
        PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      });
      const p = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(pwJson);
      if (p) e2e = { passed: p.stats.expected + p.stats.flaky, failed: p.stats.unexpected, skipped: p.stats.skipped };
    } else {
      console.error("next build failed: the Playwright suite could not run.");
    }
    add(e2e);
  } finally {
    await cleanUp();
  }
  if (interrupted) return; // the signal's handler exits
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
  process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}

async function createDatabase(url: string, name: string) {
  const { Client } = await import("pg");
  const c = new Client({ connectionString: url });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
}

main().catch((err) => {
  if (interrupted) return; // the signal's handler exits once everything is stopped
  console.error(err);
  console.log("\n0 passed, 1 failed");
  process.exit(1);
});
