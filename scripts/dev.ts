/**
 * `npm run dev`: everything the app needs on embedded defaults, on a fresh machine. Starts the
 * embedded PostgreSQL (data in .data/postgres, as root outside the checkout: see
 * scripts/machine/root-postgres.ts; skipped when DATABASE_URL is set), applies
 * migrations, seeds the demo organization, starts the sandbox emulator and the Next.js app, and
 * prints the URL and the seeded sign-in. Ctrl-C stops every process it started; data is kept.
 */
import fs from "node:fs";
import path from "node:path";
import { ensureLocalEnv } from "./local-env";
import { LocalStack } from "./local-stack";
import { startMailCatcher } from "./mail-catcher";
import { bin, busyPorts, ROOT, startProcess, waitForHttp } from "./processes";

const APP_PORT = Number(process.env.PORT ?? 3000);
const EMULATOR_PORT = Number(process.env.EMULATOR_PORT ?? 4010);
const DB_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);

// Lets a second `npm run dev` of this checkout say that it is this one holding the ports.
const PID_FILE = path.join(ROOT, ".data/dev.pid");
const HAS_EMULATOR = fs.existsSync(path.join(ROOT, "emulator/server.ts"));

async function main() {
  const busy = await busyPorts(
    [
      { port: APP_PORT, variable: "PORT", what: "the app" },
      ...(HAS_EMULATOR ? [{ port: EMULATOR_PORT, variable: "EMULATOR_PORT", what: "the sandbox emulator" }] : []),
      ...(process.env.DATABASE_URL ? [] : [{ port: DB_PORT, variable: "EMBEDDED_PG_PORT", what: "the embedded database" }]),
    ],
    "npm run dev",
    PID_FILE,
  );
  if (busy.length) {
    console.error(busy.join("\n"));
    process.exit(1);
  }
  fs.mkdirSync(path.dirname(PID_FILE), { recursive: true });
  fs.writeFileSync(PID_FILE, String(process.pid));
  process.on("exit", () => {
    try {
      if (fs.readFileSync(PID_FILE, "utf8") === String(process.pid)) fs.rmSync(PID_FILE);
    } catch {
      /* already gone */
    }
  });

  const stack = new LocalStack({ verbose: true });
  const { started } = stack;

  try {
    const { databaseUrl, applied, seeded, dataDir } = await stack.demoDatabase(path.join(ROOT, ".data/postgres"), DB_PORT);
    const local = ensureLocalEnv({ DATABASE_URL: databaseUrl });
    if (applied.length) console.log(`Applied migrations: ${applied.join(", ")}`);
    if (seeded) console.log("Seeded the demo organization.");
    const { DEMO_PASSWORD, DEMO_USERS } = await import("../prisma/seed");

    // Every mail the app sends lands here (it lives as long as this process), shown at /dev/mail.
    const mail = await startDevMailCatcher();
    const emulatorUrl = `http://localhost:${EMULATOR_PORT}`;
    const env: NodeJS.ProcessEnv = {
      ...local,
      // The app's sandbox surfaces are this emulator, whatever port it was given.
      UPSTREAM_SANDBOX_CORE_URL: emulatorUrl,
      UPSTREAM_SANDBOX_PRO_URL: `${emulatorUrl}/pro`,
      // A developer's outbound-webhook receiver runs on this machine (sandbox only; off in production).
      ALLOW_LOOPBACK_WEBHOOKS: "1",
      ...process.env, // a variable set in the shell wins over the generated file
      DATABASE_URL: databaseUrl,
      APP_URL: `http://localhost:${APP_PORT}`,
      EMULATOR_URL: emulatorUrl,
      EMULATOR_PORT: String(EMULATOR_PORT),
      EMULATOR_DATA_DIR: path.join(ROOT, ".data/emulator"),
      PORT: String(APP_PORT),
      NEXT_TELEMETRY_DISABLED: "1",
      SMTP_URL: mail.smtpUrl,
      MAIL_CATCHER_URL: mail.httpUrl,
    };
    if (HAS_EMULATOR) {
      const emulator = startProcess("emulator", bin("tsx"), ["emulator/server.ts"], env, { onExit: stack.onExit("The emulator") });
      started.push(emulator);
      await waitForHttp(`${emulatorUrl}/__emulator/health`, 30_000, () => emulator.child.exitCode === null);
      // The demo organization gets the emulator's sandbox keys and webhook secrets once.
      const { seedDemoVault } = await import("../lib/vault/seed-demo");
      await seedDemoVault({ databaseUrl, emulatorUrl, appUrl: `http://localhost:${APP_PORT}`, env });
    }
    const app = startProcess("app", bin("next"), ["dev", "--port", String(APP_PORT)], env, { onExit: stack.onExit("The app") });
    started.push(app);
    await waitForHttp(`http://localhost:${APP_PORT}/api/health`, 180_000, () => app.child.exitCode === null);

    console.log(`
  Merchant Ops is running at http://localhost:${APP_PORT}
  Sign in as ${DEMO_USERS.map((u) => `${u.email} (${u.role})`).join(", ")}
  Password for every demo user: ${DEMO_PASSWORD}
  Sandbox emulator: ${emulatorUrl}
  Mail the app sends: http://localhost:${APP_PORT}/dev/mail (SMTP catcher at ${mail.smtpUrl})
  Ctrl-C stops everything; data is kept in ${dataDir && !dataDir.startsWith(path.join(ROOT, ".data")) ? `${dataDir} (the database) and .data/` : ".data/"}
`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await stack.stop(1);
  }
}

/** The catcher on its usual ports (SMTP 1025, HTTP 1080), or on free ones when those are taken. */
async function startDevMailCatcher() {
  const file = path.join(ROOT, ".data/mail.json");
  try {
    return await startMailCatcher({ smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025), httpPort: Number(process.env.MAIL_HTTP_PORT ?? 1080), file });
  } catch {
    return startMailCatcher({ file });
  }
}

void main();
