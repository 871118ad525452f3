/**
 * A migrated database of a test file's own, beside the shared test database, for code that is
 * given a database URL (seeding scripts, the master-key rotation) and must not see other files' rows.
 */
import crypto from "node:crypto";
import { Client } from "pg";
import { migrate } from "@/lib/db/migrate";

export interface ScratchDatabase {
  url: string;
  /** Drops the database, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  const url = u.toString();
  await migrate(url);
  return {
    url,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
