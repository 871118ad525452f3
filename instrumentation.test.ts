import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { register } from "./instrumentation";

const ROOT = import.meta.dirname;
// The mail job queue is proven in lib/notifications/jobs.test.ts; here it would hold the database open.
process.env.JOB_QUEUE = "off";
const g = globalThis as unknown as { outboundWorker?: { timer: NodeJS.Timeout } };

/** Runs register() in a fresh Node process, as the server does on start, with the given environment. */
function startWith(envOverrides: Record<string, string | undefined>) {
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_RUNTIME: "nodejs",
    OUTBOUND_WORKER: "off",
    JOB_QUEUE: "off",
  };
  for (const [k, v] of Object.entries(envOverrides)) if (v !== undefined) env[k] = v;
  return spawnSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    [
      "--conditions=react-server",
      "-e",
      "import('./instrumentation.ts').then((m) => (m.register ?? m.default.register)()).then(() => console.log('registered'))",
    ],
    { cwd: ROOT, env: env as NodeJS.ProcessEnv, encoding: "utf8", timeout: 30_000 },
  );
}

const valid = {
  DATABASE_URL: "postgresql://user:pass@localhost:5432/merchant_ops",
  AUTH_SECRET: "x".repeat(40),
  VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
};

describe("start-up (instrumentation register)", () => {
  afterEach(() => {
    if (g.outboundWorker) clearInterval(g.outboundWorker.timer);
    g.outboundWorker = undefined;
  });

  it("stops the process with a sentence naming a missing variable", () => {
    const run = startWith({ ...valid, AUTH_SECRET: undefined });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("The app cannot start: fix these environment variables.");
    expect(run.stderr).toContain("AUTH_SECRET is missing: set it to 32 or more random characters");
    expect(run.stdout).not.toContain("registered");
  });

  it("stops the process on a malformed variable", () => {
    const run = startWith({ ...valid, VAULT_MASTER_KEY: "short" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("VAULT_MASTER_KEY must be exactly 32 bytes encoded in base64");
  });

  it("starts with a valid environment", () => {
    const run = startWith(valid);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("registered");
  });

  it("starts the outbound-webhook worker, so pending deliveries go out after a restart", async () => {
    const before = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "nodejs";
    try {
      expect(g.outboundWorker).toBeUndefined();
      await register();
      expect(g.outboundWorker?.timer).toBeDefined();
    } finally {
      process.env.NEXT_RUNTIME = before;
    }
  });

  it("does nothing on the edge runtime", async () => {
    const before = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = "edge";
    try {
      await register();
      expect(g.outboundWorker).toBeUndefined();
    } finally {
      process.env.NEXT_RUNTIME = before;
    }
  });
});
