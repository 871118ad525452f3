/**
 * vitest's global setup: integration tests run against a real PostgreSQL. `npm test` passes its
 * own DATABASE_URL; a bare `npx vitest` starts a throwaway embedded one here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../lib/db/migrate";
import { freePort, startEmbeddedDb, type EmbeddedDb } from "../scripts/embedded-db";

let db: EmbeddedDb | undefined;
let dir: string | undefined;

export async function setup() {
  process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123";
  process.env.VAULT_MASTER_KEY ??= Buffer.alloc(32, 7).toString("base64");
  process.env.APP_URL ??= "http://localhost:3000";
  if (!process.env.TEST_DATABASE_URL) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "merchant-ops-vitest-"));
    db = await startEmbeddedDb({ dataDir: path.join(dir, "pg"), port: await freePort(), database: "vitest", persistent: false });
    process.env.TEST_DATABASE_URL = db.url;
  }
  process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  await migrate(process.env.DATABASE_URL);
}

export async function teardown() {
  await db?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
