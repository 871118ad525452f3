/**
 * Applies prisma/migrations/<name>/migration.sql in name order, each in its own transaction,
 * recording it in the `_migrations` ledger with its checksum. An advisory lock lets several app
 * instances deploy at once. Used instead of `prisma migrate deploy`, whose adapter path is broken
 * in Prisma 6.19 (prisma/orm#27403) and which cannot use a native engine on our machines.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";

const LOCK_ID = 7_311_019; // any constant shared by every instance

export interface MigrationResult {
  applied: string[];
  skipped: number;
}

export function migrationsDir(): string {
  return path.resolve(__dirname, "../../prisma/migrations");
}

export async function migrate(databaseUrl: string, dir = migrationsDir()): Promise<MigrationResult> {
  const names = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS _migrations (
         name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Map<string, string>(
      (await client.query<{ name: string; checksum: string }>("SELECT name, checksum FROM _migrations")).rows.map((r) => [r.name, r.checksum]),
    );
    const applied: string[] = [];
    for (const name of names) {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = crypto.createHash("sha256").update(sql).digest("hex");
      const previous = done.get(name);
      if (previous) {
        if (previous !== checksum) {
          throw new Error(`Migration ${name} was changed after it was applied. Add a new migration instead.`);
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO _migrations (name, checksum) VALUES ($1, $2)", [name, checksum]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${name} failed: ${(err as Error).message}`);
      }
      applied.push(name);
    }
    return { applied, skipped: names.length - applied.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}
