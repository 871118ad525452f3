import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { migrate, migrationsDir } from "./migrate";

async function freshDatabase(): Promise<string> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `migrate_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  return base.toString();
}

describe("migrations", () => {
  it("apply to an empty database, then do nothing the second time", async () => {
    const url = await freshDatabase();
    const first = await migrate(url);
    expect(first.applied.length).toBe(fs.readdirSync(migrationsDir()).filter((n) => /^\d/.test(n)).length);
    expect(await migrate(url)).toEqual({ applied: [], skipped: first.applied.length });
  });

  it("refuse to run when an applied migration was edited", async () => {
    const url = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    fs.mkdirSync(path.join(dir, "001_a"));
    fs.writeFileSync(path.join(dir, "001_a/migration.sql"), "CREATE TABLE a (id int);");
    await migrate(url, dir);
    fs.writeFileSync(path.join(dir, "001_a/migration.sql"), "CREATE TABLE a (id bigint);");
    await expect(migrate(url, dir)).rejects.toThrow(/001_a was changed after it was applied/);
  });

  it("roll back a failing migration whole", async () => {
    const url = await freshDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    fs.mkdirSync(path.join(dir, "001_bad"));
    fs.writeFileSync(path.join(dir, "001_bad/migration.sql"), "CREATE TABLE half (id int); SELECT no_such_function();");
    await expect(migrate(url, dir)).rejects.toThrow(/001_bad failed/);
    const c = new Client({ connectionString: url });
    await c.connect();
    const t = await c.query("SELECT to_regclass('half') AS t");
    await c.end();
    expect(t.rows[0].t).toBeNull();
  });
});

describe("audit log", () => {
  it("refuses updates and deletes at the database", async () => {
    const team = await createTeam();
    const row = await testDb().auditLog.create({ data: { organizationId: team.org.id, action: "test.row", targetType: "test" } });
    await expect(testDb().auditLog.update({ where: { id: row.id }, data: { action: "forged" } })).rejects.toThrow(/append-only/);
    await expect(testDb().auditLog.deleteMany({ where: { id: row.id } })).rejects.toThrow(/append-only/);
  });
});
