/**
 * `npm run db:migration:new -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql
 * from a schema-to-schema diff (the schema as of the last migration, kept in
 * prisma/migrations/schema.snapshot.prisma, to the current prisma/schema.prisma). The CLI's
 * WebAssembly engine insists on a reachable database even for a schema-to-schema diff, so a
 * throwaway embedded one is started for it. Hand-written SQL (triggers, checks) can be appended
 * to the file before committing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startEmbeddedDb } from "./embedded-db";
import { prisma } from "./prisma";

const root = path.resolve(__dirname, "..");
const dir = path.join(root, "prisma/migrations");
const snapshot = path.join(dir, "schema.snapshot.prisma");
const schema = path.join(root, "prisma/schema.prisma");

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]+/gi, "_").toLowerCase();
if (!name) {
  console.error("Give the migration a name: npm run db:migration:new -- add_vault");
  process.exit(2);
}
fs.mkdirSync(dir, { recursive: true });
async function main() {
  const from = fs.existsSync(snapshot) ? ["--from-schema-datamodel", snapshot] : ["--from-empty"];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "migration-diff-"));
  const db = await startEmbeddedDb({ dataDir: path.join(tmp, "pg"), port: await freePort(), database: "diff", persistent: false });
  let sql: string;
  try {
    process.env.DATABASE_URL = db.url;
    sql = prisma(["migrate", "diff", ...from, "--to-schema-datamodel", schema, "--script"], { capture: true });
  } finally {
    await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (!sql.trim() || /^-- This is an empty migration/m.test(sql)) {
    console.log("The schema has not changed since the last migration: nothing written.");
    return;
  }
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const target = path.join(dir, `${stamp}_${name}`);
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, "migration.sql"), sql);
  fs.copyFileSync(schema, snapshot);
  console.log(`Wrote ${path.relative(root, target)}/migration.sql`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
