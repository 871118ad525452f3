/**
 * Demo seeding against a real emulator, on its own database (it looks the demo organization up by
 * name, which other test files must not see).
 */
import crypto from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCHANTS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { decrypt, makeKeyRing } from "@/lib/vault/crypto";
import { seedDemoVault } from "@/lib/vault/seed-demo";
import { seed } from "@/prisma/seed";
import { createScratchDatabase, type ScratchDatabase } from "@/test/scratch-db";

const master = { id: "demo1", key: crypto.randomBytes(32) };
const env = { VAULT_MASTER_KEY: master.key.toString("base64"), VAULT_MASTER_KEY_ID: "demo1" };
let scratch: ScratchDatabase | undefined;
let pg: Client;
let url: string;
let emu: TestEmulator;
const printed: string[] = [];
const print = (l: string) => printed.push(l);

beforeAll(async () => {
  scratch = await createScratchDatabase("seed_demo");
  url = scratch.url;
  pg = new Client({ connectionString: url });
  await pg.connect();
  emu = await withEmulator();
});

afterAll(async () => {
  await emu?.close();
  await pg?.end();
  await scratch?.drop();
});

describe("seedDemoVault", () => {
  it("does nothing before the demo organization exists", async () => {
    expect(await seedDemoVault({ databaseUrl: url, emulatorUrl: emu.url, appUrl: "http://localhost:3000", env, print })).toMatchObject({
      created: false,
      reason: expect.stringMatching(/seed the database first/),
    });
  });

  it("stores the emulator's demo keys and fresh webhook secrets, registered with the emulator, once", async () => {
    await seed(url);
    const r = await seedDemoVault({ databaseUrl: url, emulatorUrl: `${emu.url}/`, appUrl: "http://app.test:3000/", env, print });
    expect(r).toEqual({ created: true });

    const { rows } = await pg.query(
      "SELECT id, organization_id, environment::text AS environment, surface::text AS surface, kind::text AS kind, status::text AS status, scopes, key_id, nonce, ciphertext, auth_tag, prefix, last4 FROM vault_secrets ORDER BY kind, surface",
    );
    const ring = makeKeyRing(master);
    const plain = Object.fromEntries(
      rows.map((x) => [
        `${x.kind}:${x.surface}`,
        decrypt(
          ring,
          { keyId: x.key_id, nonce: x.nonce, ciphertext: x.ciphertext, authTag: x.auth_tag },
          {
            recordId: x.id,
            organizationId: x.organization_id,
            environment: x.environment,
            surface: x.surface,
            kind: x.kind,
          },
        ),
      ]),
    );
    expect(Object.keys(plain).sort()).toEqual(["api_key:coins", "api_key:core", "api_key:pro", "api_key:stocks", "webhook_secret:core", "webhook_secret:pro"]);
    expect(plain["api_key:core"]).toBe(emu.keys.full);
    expect(plain["api_key:coins"]).toBe(emu.keys.full);
    expect(plain["api_key:stocks"]).toBe(emu.keys.full);
    expect(plain["api_key:pro"]).toBe(emu.keys.pro);
    expect(rows.every((x) => x.environment === "sandbox" && x.status === "active" && x.key_id === "demo1")).toBe(true);
    expect(rows.find((x) => x.kind === "api_key" && x.surface === "core")).toMatchObject({
      scopes: ["Read", "Write", "Trade"],
      prefix: "sk_sandbox_",
      last4: "1b3d",
    });

    for (const surface of ["core", "pro"] as const) {
      const secret = plain[`webhook_secret:${surface}`]!;
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      const target = emu.platform.webhooks.getTarget(MERCHANTS.demo, surface);
      expect(target).toMatchObject({ url: `http://app.test:3000/api/webhooks/sandbox/${surface}`, secret });
    }
    expect(plain["webhook_secret:core"]).not.toBe(plain["webhook_secret:pro"]);

    const { rows: audit } = await pg.query("SELECT row_to_json(a)::text AS row FROM audit_log a WHERE action = 'vault.demo_seeded'");
    expect(audit).toHaveLength(1);
    for (const secret of Object.values(plain)) {
      expect(audit[0].row).not.toContain(secret);
      expect(printed.join("\n")).not.toContain(secret);
    }

    expect(await seedDemoVault({ databaseUrl: url, emulatorUrl: emu.url, appUrl: "http://app.test:3000", env, print })).toMatchObject({ created: false });
    expect((await pg.query("SELECT count(*)::int AS n FROM vault_secrets")).rows[0].n).toBe(6);
    expect(emu.platform.webhooks.getTarget(MERCHANTS.demo, "core")?.secret).toBe(plain["webhook_secret:core"]); // not re-registered
  });

  it("returns without failing when the emulator is unreachable, and says so", async () => {
    await pg.query("DELETE FROM vault_secrets");
    printed.length = 0;
    const r = await seedDemoVault({ databaseUrl: url, emulatorUrl: "http://127.0.0.1:9", appUrl: "http://localhost:3000", env, print });
    expect(r).toMatchObject({ created: false, reason: expect.stringMatching(/could not reach the emulator at http:\/\/127\.0\.0\.1:9/) });
    expect(printed.join("\n")).toMatch(/Demo vault: could not reach the emulator/);
    expect((await pg.query("SELECT count(*)::int AS n FROM vault_secrets")).rows[0].n).toBe(0);
  });
});
