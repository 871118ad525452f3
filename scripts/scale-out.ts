/**
 * `npm run scale-out`: two instances of the built app (`npm start`, one worker per core) on one
 * PostgreSQL, with the sandbox emulator, as a load balancer would run them. Nothing is kept in an
 * instance's memory that the other needs: sessions, the rate budget, the idempotency ledger, live
 * updates and approvals all live in PostgreSQL. Ctrl-C stops everything; data is kept in .data/scale-out/.
 *
 *   npm run scale-out                      # builds, then A on :3000 and B on :3001
 *   npm run scale-out -- --no-build        # reuses the last `next build`
 *   npm run scale-out -- --test            # runs e2e/scale-out.spec.ts against A and B, then stops
 *
 * Ports: PORT (A, default 3000), SECOND_PORT (B, default PORT + 1), EMULATOR_PORT (4010),
 * EMBEDDED_PG_PORT (54331; unused when DATABASE_URL is set).
 */
import path from "node:path";
import { ensureLocalEnv } from "./local-env";
import { LocalStack } from "./local-stack";
import { bin, ROOT, runToEnd, startProcess, waitForHttp } from "./processes";

const args = new Set(process.argv.slice(2));
const PORT_A = Number(process.env.PORT ?? 3000);
const PORT_B = Number(process.env.SECOND_PORT ?? PORT_A + 1);
const EMULATOR_PORT = Number(process.env.EMULATOR_PORT ?? 4010);
const DB_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54331);
const DATA = path.join(ROOT, ".data/scale-out");

async function main() {
  const stack = new LocalStack();
  try {
    const { databaseUrl } = await stack.demoDatabase(path.join(DATA, "postgres"), DB_PORT);
    const urlA = `http://localhost:${PORT_A}`;
    const urlB = `http://localhost:${PORT_B}`;
    const emulatorUrl = `http://localhost:${EMULATOR_PORT}`;
    // Both instances get the same secrets, as every instance behind one load balancer must.
    const { AUTH_SECRET, VAULT_MASTER_KEY, VAULT_MASTER_KEY_ID } = ensureLocalEnv();
    const env: NodeJS.ProcessEnv = {
      AUTH_SECRET,
      VAULT_MASTER_KEY,
      VAULT_MASTER_KEY_ID,
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      // The one address people open; in production the load balancer's.
      APP_URL: process.env.APP_URL ?? urlA,
      EMULATOR_URL: emulatorUrl,
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_DATA_DIR: path.join(DATA, "emulator"),
      EMULATOR_CLOCK_FACTOR: process.env.EMULATOR_CLOCK_FACTOR ?? "60",
      UPSTREAM_SANDBOX_CORE_URL: process.env.UPSTREAM_SANDBOX_CORE_URL ?? emulatorUrl,
      UPSTREAM_SANDBOX_PRO_URL: process.env.UPSTREAM_SANDBOX_PRO_URL ?? `${emulatorUrl}/pro`,
      NEXT_TELEMETRY_DISABLED: "1",
    };
    if (!args.has("--no-build") && !(await runToEnd(bin("next"), ["build"], env))) throw new Error("next build failed.");

    const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], env, { onExit: stack.onExit("The emulator") });
    stack.started.push(emulator);
    await waitForHttp(`${emulatorUrl}/__emulator/health`, 30_000, () => emulator.child.exitCode === null);
    // Webhooks go to A only, as a provider posts to one address: B must learn of them through PostgreSQL.
    const { seedDemoVault } = await import("../lib/vault/seed-demo");
    await seedDemoVault({ databaseUrl, emulatorUrl, appUrl: urlA, env });

    const instances = [
      { name: "app-a", port: PORT_A, url: urlA },
      { name: "app-b", port: PORT_B, url: urlB },
    ].map((i) => ({
      ...i,
      // As `npm start` runs each: one worker per core.
      process: startProcess(
        i.name,
        process.execPath,
        ["--import", "tsx", "scripts/serve.ts"],
        { ...env, PORT: String(i.port) },
        {
          onExit: stack.onExit(`Instance ${i.name}`),
        },
      ),
    }));
    stack.started.push(...instances.map((i) => i.process));
    await Promise.all(instances.map((i) => waitForHttp(`${i.url}/api/health`, 120_000, () => i.process.child.exitCode === null)));

    if (args.has("--test")) {
      // A first page load compiles and connects; not part of what the tests measure.
      await Promise.all(instances.map((i) => waitForHttp(`${i.url}/sign-in`, 60_000)));
      const passed = await runToEnd(bin("playwright"), ["test", "e2e/scale-out.spec.ts"], {
        ...env,
        NODE_ENV: "test",
        E2E_BASE_URL: urlA,
        E2E_SECOND_BASE_URL: urlB,
        E2E_SECOND_PID: String(instances[1]!.process.child.pid),
        E2E_EMULATOR_URL: emulatorUrl,
      });
      return stack.stop(passed ? 0 : 1);
    }
    console.log(`
  Two instances of Merchant Ops on one database:
    A ${urlA}   (receives the emulator's webhooks)
    B ${urlB}
  Sandbox emulator: ${emulatorUrl}     Ctrl-C stops everything; data is kept in .data/scale-out/
`);
  } catch (err) {
    console.error(err instanceof Error && err.message ? err.message : err);
    await stack.stop(1);
  }
}

void main();
