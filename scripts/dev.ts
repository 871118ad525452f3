/**
 * `npm run dev`: everything the app needs on embedded defaults, on a fresh machine. Starts the
 * embedded PostgreSQL (data in .data/postgres; skipped when DATABASE_URL is set), applies
 * migrations, seeds the demo organization, starts the sandbox emulator and the Next.js app, and
 * prints the URL and the seeded sign-in. Ctrl-C stops every process it started; data is kept.
 */
import fs from "node:fs";
import path from "node:path";
import { migrate } from "../lib/db/migrate";
import { startEmbeddedDb, type EmbeddedDb } from "./embedded-db";
import { ensureLocalEnv } from "./local-env";
import { bin, ROOT, startProcess, waitForHttp, type Managed } from "./processes";
import { generateClient } from "./prisma";

const APP_PORT = Number(process.env.PORT ?? 3000);
const EMULATOR_PORT = Number(process.env.EMULATOR_PORT ?? 4010);
const DB_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);

async function main() {
  const started: Managed[] = [];
  let db: EmbeddedDb | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping...");
    // In parallel and quickly: on Ctrl-C, npm and tsx above us may not wait long.
    await Promise.all(started.map((p) => p.stop()));
    await db?.stop();
    console.log("Stopped.");
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    generateClient();
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      db = await startEmbeddedDb({ dataDir: path.join(ROOT, ".data/postgres"), port: DB_PORT, database: "merchant_ops" });
      databaseUrl = db.url;
    }
    const local = ensureLocalEnv({ DATABASE_URL: databaseUrl });
    const migrated = await migrate(databaseUrl);
    if (migrated.applied.length) console.log(`Applied migrations: ${migrated.applied.join(", ")}`);
    // Imported after generateClient(): the seed needs the generated Prisma client.
    const { DEMO_PASSWORD, DEMO_USERS, seed } = await import("../prisma/seed");
    const seeded = await seed(databaseUrl);
    if (seeded.created) console.log("Seeded the demo organization.");
    const { seedDemoThresholds } = await import("../lib/approvals/seed-demo");
    await seedDemoThresholds(databaseUrl);

    const emulatorUrl = `http://localhost:${EMULATOR_PORT}`;
    const env: NodeJS.ProcessEnv = {
      // The app talks to the emulator this script starts, on whatever port it was given; an
      // address set in the local file or the shell still wins.
      UPSTREAM_SANDBOX_CORE_URL: emulatorUrl,
      UPSTREAM_SANDBOX_PRO_URL: `${emulatorUrl}/pro`,
      ...local,
      ...process.env, // a variable set in the shell wins over the generated file
      DATABASE_URL: databaseUrl,
      APP_URL: `http://localhost:${APP_PORT}`,
      EMULATOR_URL: emulatorUrl,
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_DATA_DIR: path.join(ROOT, ".data/emulator"),
      PORT: String(APP_PORT),
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const onExit = (name: string) => (code: number | null) => {
      if (!stopping) {
        console.error(`${name} exited (code ${code}); stopping the rest.`);
        void stop(1);
      }
    };
    if (fs.existsSync(path.join(ROOT, "emulator/server.ts"))) {
      const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], env, { onExit: onExit("The emulator") });
      started.push(emulator);
      await waitForHttp(`${emulatorUrl}/__emulator/health`, 30_000, () => emulator.child.exitCode === null);
      // The demo organization gets the emulator's sandbox keys and webhook secrets once.
      const { seedDemoVault } = await import("../lib/vault/seed-demo");
      await seedDemoVault({ databaseUrl, emulatorUrl, appUrl: `http://localhost:${APP_PORT}`, env });
    }
    const app = startProcess("app", bin("next"), ["dev", "--port", String(APP_PORT)], env, { onExit: onExit("The app") });
    started.push(app);
    await waitForHttp(`http://localhost:${APP_PORT}/api/health`, 180_000, () => app.child.exitCode === null);

    console.log(`
  Merchant Ops is running at http://localhost:${APP_PORT}
  Sign in as ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}
  Password for every demo user: ${DEMO_PASSWORD}
  Sandbox emulator: ${emulatorUrl}     Ctrl-C stops everything; data is kept in .data/
`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stop(1);
  }
}

void main();
