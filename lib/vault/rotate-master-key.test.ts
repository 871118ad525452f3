/**
 * The master-key rotation script, end to end on its own database (it rewrites every vault row,
 * so it must not share one with other test files): re-encryption, verification, idempotence,
 * reads that keep working while it runs, and the command itself.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decrypt, encryptWith, makeKeyRing, type MasterKey, type RecordBinding } from "@/lib/vault/crypto";
import { rotateMasterKey } from "@/scripts/rotate-master-key";
import { createScratchDatabase, type ScratchDatabase } from "@/test/scratch-db";

const k1: MasterKey = { id: "k1", key: crypto.randomBytes(32) };
const k2: MasterKey = { id: "k2", key: crypto.randomBytes(32) };
const SURFACES = ["core", "coins", "stocks", "pro"] as const;
const env = {
  VAULT_MASTER_KEY: k1.key.toString("base64"),
  VAULT_MASTER_KEY_ID: "k1",
  VAULT_NEW_MASTER_KEY: k2.key.toString("base64"),
  VAULT_NEW_MASTER_KEY_ID: "k2",
};

let scratch: ScratchDatabase | undefined;
let url: string;
let pg: Client;

interface Seeded {
  id: string;
  binding: RecordBinding;
  value: string;
}

async function insert(masterKey: MasterKey, n: number, orgId = crypto.randomUUID()): Promise<Seeded[]> {
  const out: Seeded[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const kind = i % 5 === 0 ? "webhook_secret" : "api_key";
    const binding: RecordBinding = { recordId: id, organizationId: orgId, environment: i % 2 ? "production" : "sandbox", surface: SURFACES[i % 4]!, kind };
    const value = `sk_sandbox_${crypto.randomBytes(12).toString("hex")}`;
    const s = encryptWith(masterKey, value, binding);
    await pg.query(
      `INSERT INTO vault_secrets (id, organization_id, environment, surface, kind, status, scopes, key_id, nonce, ciphertext, auth_tag, prefix, last4)
       VALUES ($1, $2, $3::"Environment", $4::"Surface", $5::"SecretKind", 'active', '{}', $6, $7, $8, $9, 'sk_sandbox_', $10)`,
      [id, orgId, binding.environment, binding.surface, kind, s.keyId, s.nonce, s.ciphertext, s.authTag, value.slice(-4)],
    );
    out.push({ id, binding, value });
  }
  return out;
}

async function rows() {
  const r = await pg.query<{ id: string; key_id: string; nonce: Buffer; ciphertext: Buffer; auth_tag: Buffer; status: string }>(
    "SELECT id, key_id, nonce, ciphertext, auth_tag, status::text AS status FROM vault_secrets",
  );
  return new Map(r.rows.map((x) => [x.id, x]));
}

beforeAll(async () => {
  scratch = await createScratchDatabase("rotation");
  url = scratch.url;
  pg = new Client({ connectionString: url });
  await pg.connect();
});

afterAll(async () => {
  await pg?.end();
  await scratch?.drop();
});

describe("master-key rotation", () => {
  let seeded: Seeded[] = [];

  it("re-encrypts every record in batches while reads keep working, and each decrypts under the new key alone", async () => {
    seeded = [...(await insert(k1, 230)), ...(await insert(k2, 3))];
    const before = await rows();

    // The app during the rotation: current k2, previous k1. It must never fail to read.
    const appRing = makeKeyRing(k2, [k1]);
    let reads = 0;
    let readErrors = 0;
    let done = false;
    const reader = (async () => {
      const reading = new Client({ connectionString: url });
      await reading.connect();
      try {
        while (!done) {
          const pick = seeded[reads % seeded.length]!;
          const { rows: r } = await reading.query("SELECT key_id, nonce, ciphertext, auth_tag FROM vault_secrets WHERE id = $1", [pick.id]);
          try {
            const v = decrypt(appRing, { keyId: r[0].key_id, nonce: r[0].nonce, ciphertext: r[0].ciphertext, authTag: r[0].auth_tag }, pick.binding);
            if (v !== pick.value) readErrors++;
          } catch {
            readErrors++;
          }
          reads++;
        }
      } finally {
        await reading.end();
      }
    })();
    // A concurrent change to a row's other columns (an admin revoking a key) survives the rotation.
    const revokeDuring = pg.query("UPDATE vault_secrets SET status = 'revoked', revoked_at = now() WHERE id = $1", [seeded[7]!.id]);

    const report = await rotateMasterKey({ databaseUrl: url, env, batchSize: 40 });
    await revokeDuring;
    done = true;
    await reader;

    expect(report).toMatchObject({ total: 233, reencrypted: 230, alreadyOnNewKey: 3, verified: 233, failed: [] });
    expect(reads).toBeGreaterThan(0);
    expect(readErrors).toBe(0);

    const after = await rows();
    const onlyK2 = makeKeyRing(k2);
    for (const s of seeded) {
      const r = after.get(s.id)!;
      expect(r.key_id).toBe("k2");
      expect(decrypt(onlyK2, { keyId: r.key_id, nonce: r.nonce, ciphertext: r.ciphertext, authTag: r.auth_tag }, s.binding)).toBe(s.value);
    }
    expect(after.get(seeded[0]!.id)!.nonce.equals(before.get(seeded[0]!.id)!.nonce)).toBe(false); // fresh nonce
    expect(after.get(seeded[230]!.id)!.ciphertext.equals(before.get(seeded[230]!.id)!.ciphertext)).toBe(true); // already on k2: untouched
    expect(after.get(seeded[7]!.id)!.status).toBe("revoked");
  });

  it("is idempotent: a second run changes nothing and verifies everything", async () => {
    const before = await rows();
    const report = await rotateMasterKey({ databaseUrl: url, env, batchSize: 40 });
    expect(report).toMatchObject({ total: 233, reencrypted: 0, alreadyOnNewKey: 233, verified: 233, failed: [] });
    const after = await rows();
    for (const [id, r] of after) expect(r.ciphertext.equals(before.get(id)!.ciphertext)).toBe(true);
  });

  it("reports records it cannot decrypt and leaves them untouched, and refuses a reused key id", async () => {
    const k0: MasterKey = { id: "k0", key: crypto.randomBytes(32) };
    const [lost] = await insert(k0, 1);
    const [tampered] = await insert(k1, 1);
    await pg.query("UPDATE vault_secrets SET ciphertext = decode('00', 'hex') || substring(ciphertext from 2) WHERE id = $1", [tampered!.id]);
    const report = await rotateMasterKey({ databaseUrl: url, env });
    expect(report.failed.map((f) => f.id).sort()).toEqual([lost!.id, tampered!.id].sort());
    expect(report.failed.find((f) => f.id === lost!.id)!.reason).toMatch(/"k0", which is not configured/);
    expect(JSON.stringify(report)).not.toContain(lost!.value);
    expect((await rows()).get(lost!.id)!.key_id).toBe("k0");
    await expect(rotateMasterKey({ databaseUrl: url, env: { ...env, VAULT_NEW_MASTER_KEY_ID: "k1" } })).rejects.toThrow(/new id/);
    await pg.query("DELETE FROM vault_secrets WHERE id = ANY($1::uuid[])", [[lost!.id, tampered!.id]]);
  });

  it("runs as a command: prints counts and the next step, never a key", async () => {
    const k3: MasterKey = { id: "k3", key: crypto.randomBytes(32) };
    const root = path.resolve(import.meta.dirname, "../..");
    const { stdout } = await promisify(execFile)(path.join(root, "node_modules/.bin/tsx"), ["scripts/rotate-master-key.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        DATABASE_URL: url,
        VAULT_MASTER_KEY: k2.key.toString("base64"),
        VAULT_MASTER_KEY_ID: "k2",
        VAULT_NEW_MASTER_KEY: k3.key.toString("base64"),
        VAULT_NEW_MASTER_KEY_ID: "k3",
      },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/Records: 233\. Re-encrypted now: 233\. Already under "k3": 0\. Verified under "k3" alone: 233\. Failed: 0\./);
    expect(stdout).toMatch(/remove the old key from VAULT_PREVIOUS_MASTER_KEYS/);
    for (const secret of [k2.key.toString("base64"), k3.key.toString("base64"), ...seeded.map((s) => s.value)]) expect(stdout).not.toContain(secret);
    const { rows: left } = await pg.query("SELECT count(*)::int AS n FROM vault_secrets WHERE key_id <> 'k3'");
    expect(left[0].n).toBe(0);
  }, 90_000);
});
