/**
 * The key and webhook-secret actions against a real PostgreSQL and real emulators (a sandbox one
 * and a live-mode one standing in for production), called directly as each role.
 */
import { Client } from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_CHECK_DELAY_MS, copyGate, runAccountCheck } from "@/lib/ledger/account-check";
import { MERCHANTS, SEED_KEYS, withEmulator, type TestEmulator } from "@/emulator/testing";
import { fillCopy } from "@/test/ledger";
import { addApiKey } from "@/lib/vault/add-api-key";
import { replaceApiKey } from "@/lib/vault/replace-api-key";
import { revokeApiKey } from "@/lib/vault/revoke-api-key";
import { revokeWebhookSecret } from "@/lib/vault/revoke-webhook-secret";
import { setWebhookSecret } from "@/lib/vault/set-webhook-secret";
import { vaultKeyProvider } from "@/lib/upstream/key-provider";
import { getActiveApiKey, getWebhookSecrets, listSecrets, markKeyUsed } from "@/lib/vault";
import { checkApiKey, MESSAGES } from "@/lib/vault/check";
import { createTeam, testDb } from "@/test/factories";
import { approveRequest } from "@/lib/approvals/approve-request";
import { approvedBy } from "@/test/controls";
import { signInAs, signOutTest } from "@/test/session";

let sandbox: TestEmulator;
let live: TestEmulator;
let team: Awaited<ReturnType<typeof createTeam>>;
const FULL = "sk_sandbox_demo_full_4f9c2a7e1b3d";
const READONLY = "sk_sandbox_demo_readonly_8e2b6d1c";
const NOREAD = "sk_sandbox_demo_noread_3a7f9e2d";
const PRO = "daya_sk_demo_pro_5c8e1f4a9b2d";
const LIVE = "sk_live_demo_live_6d2a8c4e";
const ALL = ["Read", "Write", "Trade"] as const;

/**
 * Adding or replacing a key waits for a second person (lib/approvals/keys.security.test.ts tests
 * that); here the team's approver approves each one, so the key is in place as before.
 */
const add = (input: Parameters<typeof addApiKey>[0]) => approvedBy(team.approver, () => addApiKey(input));
const replace = (input: Parameters<typeof replaceApiKey>[0]) => approvedBy(team.approver, () => replaceApiKey(input));

const as = async (who: "viewer" | "operator" | "approver" | "admin", t = team) => {
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: t[who].id } }));
};

/** Every row of a table as PostgreSQL renders it (bytea as hex), read with plain pg. */
async function rawRows(table: "vault_secrets" | "audit_log" | "approval_requests", organizationId: string): Promise<string> {
  const pg = new Client({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const { rows } = await pg.query(`SELECT t::text AS row FROM ${table} t WHERE organization_id = $1`, [organizationId]);
    return rows.map((r: { row: string }) => r.row).join("\n");
  } finally {
    await pg.end();
  }
}

function expectNoPlaintext(haystack: string, secret: string) {
  expect(haystack).not.toContain(secret);
  expect(haystack.toLowerCase()).not.toContain(Buffer.from(secret).toString("hex")); // bytea renders as hex
  expect(haystack).not.toContain(Buffer.from(secret).toString("base64"));
}

beforeAll(async () => {
  [sandbox, live] = await Promise.all([withEmulator(), withEmulator({ mode: "live" })]);
  // env() is read lazily on first use, so pointing the app's upstream addresses here is enough.
  process.env.UPSTREAM_SANDBOX_CORE_URL = sandbox.url;
  process.env.UPSTREAM_SANDBOX_PRO_URL = `${sandbox.url}/pro`;
  process.env.UPSTREAM_PRODUCTION_CORE_URL = live.url;
  process.env.UPSTREAM_PRODUCTION_PRO_URL = `${live.url}/pro`;
});

afterAll(async () => {
  await Promise.all([sandbox?.close(), live?.close()]);
});

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
  await sandbox.control.clearFaults();
});

describe("who may manage keys", () => {
  it("refuses without a session", async () => {
    expect(await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL })).toEqual({
      ok: false,
      error: "Your session has ended. Sign in again.",
    });
  });

  it.each(["viewer", "operator", "approver"] as const)("refuses every key and secret action for a %s", async (role) => {
    await as("admin");
    const added = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!added.ok) throw new Error(added.error);
    await as(role);
    const refused = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };
    expect(await add({ environment: "sandbox", surface: "pro", scopes: [...ALL], key: PRO })).toEqual(refused);
    expect(await replace({ id: added.data.id, scopes: ["Read"], key: READONLY })).toEqual(refused);
    expect(await revokeApiKey({ id: added.data.id })).toEqual(refused);
    expect(await setWebhookSecret({ environment: "sandbox", surface: "core", secret: "whsec_role_test_0123456789" })).toEqual(refused);
    expect(await revokeWebhookSecret({ id: added.data.id })).toEqual(refused);
    const rows = await testDb().vaultSecret.findMany({ where: { organizationId: team.org.id } });
    expect(rows.map((r) => [r.surface, r.kind, r.status])).toEqual([["core", "api_key", "active"]]);
  });
});

describe("adding, replacing and revoking API keys as an admin", () => {
  it("checks a key with the provider, stores it encrypted and shows only prefix and last four", async () => {
    await as("admin");
    const r = await add({ environment: "sandbox", surface: "core", scopes: ["Trade", "Read", "Write"], key: `  ${FULL}\n` });
    expect(r).toMatchObject({ ok: true, data: { masked: "sk_sandbox_…1b3d", warning: null } });
    expect(JSON.stringify(r)).not.toContain(FULL);

    const active = await getActiveApiKey(team.org.id, "sandbox", "core");
    expect(active).toMatchObject({ key: FULL, scopes: ["Read", "Write", "Trade"], prefix: "sk_sandbox_", last4: "1b3d" });
    expect(await getActiveApiKey(team.org.id, "production", "core")).toBeNull();

    const [meta] = await listSecrets(team.org.id);
    expect(meta).toMatchObject({ surface: "core", status: "active", createdBy: { id: team.admin.id, name: team.admin.name } });
    expect(JSON.stringify(meta)).not.toContain(FULL);
    expect(Object.keys(meta!)).not.toEqual(expect.arrayContaining(["ciphertext"]));

    // Applied by the approver's approval: the audit row names them and the approval it came from.
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "vault.api_key_added" } });
    expect(audit).toMatchObject({
      actorId: team.approver.id,
      targetType: "api_key",
      targetId: active!.id,
      environment: "sandbox",
      requestId: expect.stringMatching(/^approval:/),
    });
    expect(audit.after).toEqual({ environment: "sandbox", surface: "core", prefix: "sk_sandbox_", last4: "1b3d", scopes: ["Read", "Write", "Trade"] });

    expectNoPlaintext(await rawRows("vault_secrets", team.org.id), FULL);
    expectNoPlaintext(await rawRows("audit_log", team.org.id), FULL);
    expectNoPlaintext(await rawRows("approval_requests", team.org.id), FULL);
  });

  it("accepts a daya_sk_ key for Pro and a live key in production, each checked on its own surface", async () => {
    await as("admin");
    expect(await add({ environment: "sandbox", surface: "pro", scopes: [...ALL], key: PRO })).toMatchObject({ ok: true });
    expect(await add({ environment: "production", surface: "coins", scopes: [...ALL], key: LIVE })).toMatchObject({
      ok: true,
      data: { masked: "sk_live_…8c4e" },
    });
    expect(await add({ environment: "production", surface: "stocks", scopes: [...ALL], key: LIVE })).toMatchObject({ ok: true });
    expect((await getActiveApiKey(team.org.id, "production", "coins"))?.key).toBe(LIVE);
  });

  it("refuses a prefix that does not fit the environment, on the key field, before calling anyone", async () => {
    await as("admin");
    const r = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: LIVE });
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: { key: expect.stringMatching(/^This is a production key \(sk_live_\): sandbox keys start with sk_sandbox_/) },
    });
    expect(await add({ environment: "sandbox", surface: "stocks", scopes: [...ALL], key: PRO })).toMatchObject({
      ok: false,
      fieldErrors: { key: expect.stringMatching(/Pro surface only/) },
    });
    expect(await add({ environment: "sandbox", surface: "core", scopes: [], key: "sk sandbox!" })).toMatchObject({
      ok: false,
      fieldErrors: { key: expect.stringMatching(/letters, digits and underscores/), scopes: "Tick at least one scope the key was issued with." },
    });
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("refuses a key the provider does not accept, and a key revoked at the provider, with the sentence", async () => {
    await as("admin");
    expect(await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: "sk_sandbox_not_a_real_key_123" })).toEqual({
      ok: false,
      error: MESSAGES.unauthorized,
      fieldErrors: { key: "The provider does not accept this key: check you copied all of it and that it is not revoked." },
    });
    const issued = await fetch(`${sandbox.url}/__emulator/keys`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ merchant_id: MERCHANTS.demo, scopes: ["Read"] }),
    });
    const { key } = (await issued.json()) as { key: string };
    await fetch(`${sandbox.url}/__emulator/keys/${key}`, { method: "DELETE" });
    expect(await add({ environment: "sandbox", surface: "coins", scopes: ["Read"], key })).toMatchObject({ ok: false, error: MESSAGES.unauthorized });
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("refuses when the account is frozen or the provider cannot be reached, and stores nothing unchecked", async () => {
    await as("admin");
    await sandbox.control.setFaults({ path_prefix: "/v1/banks", error_status: 403, error_code: "merchant_frozen", times: 1 });
    expect(await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL })).toMatchObject({ ok: false, error: MESSAGES.frozen });
    await sandbox.control.setFaults({ path_prefix: "/coins/v1/markets", error_status: 503, times: 1 });
    expect(await add({ environment: "sandbox", surface: "coins", scopes: [...ALL], key: FULL })).toMatchObject({
      ok: false,
      error: "Could not reach the provider to check this key. Try again in a minute.",
    });
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("treats a network error and a provider that does not answer in time as unreachable", async () => {
    const input = { environment: "production" as const, surface: "core" as const, key: LIVE, scopes: [...ALL] };
    // Port 9 (discard) has nothing listening on a test machine: the connection is refused.
    expect(await checkApiKey(input, { coreBase: "http://127.0.0.1:9", proBase: "http://127.0.0.1:9/pro" })).toEqual({
      ok: false,
      reason: MESSAGES.unreachable,
    });
    await sandbox.control.setFaults({ path_prefix: "/pro/public/v1/withdrawals", timeout: true, times: 1 });
    const started = Date.now();
    expect(
      await checkApiKey(
        { ...input, environment: "sandbox", surface: "pro", key: PRO },
        { coreBase: sandbox.url, proBase: `${sandbox.url}/pro`, timeoutMs: 300 },
      ),
    ).toEqual({ ok: false, reason: MESSAGES.unreachable });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("accepts a key that lacks Read but warns when Read was ticked, and warns the other way too", async () => {
    await as("admin");
    expect(await add({ environment: "sandbox", surface: "stocks", scopes: [...ALL], key: NOREAD })).toMatchObject({
      ok: true,
      data: { warning: "The provider says this key lacks the Read scope, but Read is ticked. Check the scopes it was issued with." },
    });
    expect(await add({ environment: "sandbox", surface: "core", scopes: ["Write"], key: READONLY })).toMatchObject({
      ok: true,
      data: { warning: expect.stringMatching(/has the Read scope, but Read is not ticked/) },
    });
  });

  it("lets only one of two keys asked for the same slot at once apply, even when both are approved at once", async () => {
    await as("admin");
    const asked = await Promise.all([
      addApiKey({ environment: "sandbox", surface: "coins", scopes: [...ALL], key: FULL }),
      addApiKey({ environment: "sandbox", surface: "coins", scopes: ["Read"], key: READONLY }),
    ]);
    const ids = asked.map((r) => (r.ok ? r.data.requestId : ""));
    expect(asked.map((r) => r.ok && r.data.status)).toEqual(["pending_approval", "pending_approval"]);
    await as("approver");
    const results = await Promise.all(ids.map((requestId) => approveRequest({ requestId })));
    expect(results.map((r) => r.ok && r.data.status).sort()).toEqual(["failed", "sent"]);
    expect(results.find((r) => r.ok && r.data.status === "failed")).toMatchObject({
      ok: true,
      data: { error: expect.stringMatching(/already has an active key/) },
    });
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id, status: "active" } })).toBe(1);
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id, status: "held" } })).toBe(0);
  });

  it("refuses while the provider rate-limits the key, and for any other refusal", async () => {
    await as("admin");
    await sandbox.control.setFaults({ path_prefix: "/stocks/v1/wallet", rate_limit_storm: true, retry_after_seconds: 30, times: 1 });
    expect(await add({ environment: "sandbox", surface: "stocks", scopes: [...ALL], key: FULL })).toMatchObject({ ok: false, error: MESSAGES.rateLimited });
    await sandbox.control.setFaults({ path_prefix: "/v1/banks", error_status: 403, error_code: "forbidden", times: 1 });
    expect(await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL })).toMatchObject({ ok: false, error: MESSAGES.forbidden });
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("refuses a second key in a taken slot", async () => {
    await as("admin");
    expect(await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL })).toMatchObject({ ok: true });
    expect(await add({ environment: "sandbox", surface: "core", scopes: ["Read"], key: READONLY })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Use Replace/),
    });
  });

  it("a replacement key of another merchant's account: the local copy of its surface is read again, never mixed", async () => {
    await as("admin");
    const first = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!first.ok) throw new Error(first.error);
    const scope = { organizationId: team.org.id, environment: "sandbox" as const };
    await fillCopy(scope, ["recipient"]);
    const demo = await testDb().syncedObject.findMany({ where: { ...scope, kind: "recipient" }, select: { providerId: true } });
    expect(demo.length).toBeGreaterThan(0);

    // The check is a job, due once every instance's cached key is the new one; the surface's sync waits for it.
    const runCheckWhenDue = async () => {
      const row = await testDb().copyAccount.findUniqueOrThrow({ where: { organizationId_environment_surface: { ...scope, surface: "core" } } });
      expect(row.checkFrom!.getTime() - row.keyChangedAt!.getTime()).toBe(ACCOUNT_CHECK_DELAY_MS);
      expect(await copyGate(scope, "core")).toMatchObject({ open: false });
      await testDb().copyAccount.update({ where: { organizationId_environment_surface: { ...scope, surface: "core" } }, data: { checkFrom: new Date() } });
      expect(await runAccountCheck({ ...scope, surface: "core" })).toBeNull();
      expect(await copyGate(scope, "core")).toMatchObject({ open: true });
    };

    // Same account, a key of other scopes: the copy stays.
    const same = await replace({ id: first.data.id, scopes: ["Read"], key: READONLY });
    if (!same.ok) throw new Error(same.error);
    await runCheckWhenDue();
    expect(await testDb().syncedObject.count({ where: { ...scope, kind: "recipient" } })).toBe(demo.length);

    // The Second Merchant's key: none of the demo merchant's objects stays in the copy.
    expect(await replace({ id: same.data.id, scopes: [...ALL], key: SEED_KEYS.second })).toMatchObject({ ok: true });
    await runCheckWhenDue();
    const left = await testDb().syncedObject.count({ where: { ...scope, providerId: { in: demo.map((d) => d.providerId) } } });
    expect(left).toBe(0);
  });

  it("replaces a key (old one revoked in the same change), refuses the same key, and audits only masks", async () => {
    await as("admin");
    const first = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!first.ok) throw new Error(first.error);
    expect(await replace({ id: first.data.id, scopes: [...ALL], key: FULL })).toMatchObject({
      ok: false,
      fieldErrors: { key: expect.stringMatching(/already stored/) },
    });
    expect(await replace({ id: first.data.id, scopes: ["Read"], key: "sk_live_demo_live_6d2a8c4e" })).toMatchObject({
      ok: false,
      fieldErrors: { key: expect.stringMatching(/production key/) },
    });

    // The upstream client's cached key (lib/upstream/key-provider.ts) follows the replace at once.
    expect((await vaultKeyProvider.getActiveApiKey(team.org.id, "sandbox", "core"))?.key).toBe(FULL);
    const r = await replace({ id: first.data.id, scopes: ["Read"], key: READONLY });
    expect(r).toMatchObject({ ok: true, data: { masked: "sk_sandbox_…6d1c" } });
    expect((await vaultKeyProvider.getActiveApiKey(team.org.id, "sandbox", "core"))?.key).toBe(READONLY);
    const rows = await testDb().vaultSecret.findMany({ where: { organizationId: team.org.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((x) => [x.status, x.last4, x.revokedById])).toEqual([
      ["revoked", "1b3d", team.admin.id],
      ["active", "6d1c", null],
    ]);
    expect((await getActiveApiKey(team.org.id, "sandbox", "core"))?.key).toBe(READONLY);
    expect(await replace({ id: first.data.id, scopes: ["Read"], key: FULL })).toMatchObject({ ok: false, error: expect.stringMatching(/revoked meanwhile/) });

    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "vault.api_key_replaced" } });
    expect(audit.before).toEqual({
      id: first.data.id,
      environment: "sandbox",
      surface: "core",
      prefix: "sk_sandbox_",
      last4: "1b3d",
      scopes: ["Read", "Write", "Trade"],
    });
    expect(audit.after).toEqual({ environment: "sandbox", surface: "core", prefix: "sk_sandbox_", last4: "6d1c", scopes: ["Read"] });
    for (const secret of [FULL, READONLY]) {
      expectNoPlaintext(await rawRows("vault_secrets", team.org.id), secret);
      expectNoPlaintext(await rawRows("audit_log", team.org.id), secret);
    }
  });

  it("revokes a key: the app stops using it at once, and it cannot be revoked twice", async () => {
    await as("admin");
    const added = await add({ environment: "sandbox", surface: "pro", scopes: [...ALL], key: PRO });
    if (!added.ok) throw new Error(added.error);
    expect((await vaultKeyProvider.getActiveApiKey(team.org.id, "sandbox", "pro"))?.key).toBe(PRO);
    expect(await revokeApiKey({ id: added.data.id })).toEqual({ ok: true, data: { id: added.data.id } });
    expect(await getActiveApiKey(team.org.id, "sandbox", "pro")).toBeNull();
    expect(await vaultKeyProvider.getActiveApiKey(team.org.id, "sandbox", "pro")).toBeNull(); // the client's cache too
    expect(await revokeApiKey({ id: added.data.id })).toEqual({ ok: false, error: "This key is already revoked." });
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "vault.api_key_revoked" } });
    expect(audit.before).toEqual({ environment: "sandbox", surface: "pro", prefix: "daya_sk_", last4: "9b2d", scopes: ["Read", "Write", "Trade"] });
    const [meta] = await listSecrets(team.org.id);
    expect(meta).toMatchObject({ status: "revoked", revokedBy: { id: team.admin.id, name: team.admin.name } });
  });

  it("keeps organizations apart: another admin can neither see nor revoke this key", async () => {
    await as("admin");
    const added = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!added.ok) throw new Error(added.error);
    const other = await createTeam();
    await as("admin", other);
    expect(await revokeApiKey({ id: added.data.id })).toEqual({ ok: false, error: "This key no longer exists. Reload the page." });
    expect(await replace({ id: added.data.id, scopes: ["Read"], key: READONLY })).toMatchObject({
      ok: false,
      error: "This key no longer exists. Reload the page.",
    });
    expect(await listSecrets(other.org.id)).toEqual([]);
    expect(await getActiveApiKey(other.org.id, "sandbox", "core")).toBeNull();
  });

  it("refuses to decrypt a ciphertext copied onto another organization's row", async () => {
    await as("admin");
    await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    const other = await createTeam();
    await as("admin", other);
    await approvedBy(other.approver, () => addApiKey({ environment: "sandbox", surface: "core", scopes: ["Read"], key: READONLY }));
    const pg = new Client({ connectionString: process.env.DATABASE_URL });
    await pg.connect();
    try {
      await pg.query(
        `UPDATE vault_secrets dst SET nonce = src.nonce, ciphertext = src.ciphertext, auth_tag = src.auth_tag, key_id = src.key_id
           FROM vault_secrets src WHERE src.organization_id = $1 AND dst.organization_id = $2`,
        [team.org.id, other.org.id],
      );
    } finally {
      await pg.end();
    }
    await expect(getActiveApiKey(other.org.id, "sandbox", "core")).rejects.toThrow(/failed its integrity check/);
  });

  it("marks a key used at most once a minute", async () => {
    await as("admin");
    const added = await add({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!added.ok) throw new Error(added.error);
    const t0 = new Date();
    await markKeyUsed(added.data.id, t0);
    const read = async () => (await testDb().vaultSecret.findUniqueOrThrow({ where: { id: added.data.id } })).lastUsedAt?.getTime();
    expect(await read()).toBe(t0.getTime());
    await markKeyUsed(added.data.id, new Date(t0.getTime() + 30_000));
    expect(await read()).toBe(t0.getTime());
    const t2 = new Date(t0.getTime() + 61_000);
    await markKeyUsed(added.data.id, t2);
    expect(await read()).toBe(t2.getTime());
  });
});

describe("webhook secrets", () => {
  it("sets, rotates with a 24-hour window, and revokes the old one early", async () => {
    await as("admin");
    const s1 = "whsec_first_secret_0123456789abcdef";
    const s2 = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
    expect(await setWebhookSecret({ environment: "sandbox", surface: "core", secret: s1 })).toMatchObject({
      ok: true,
      data: { masked: "whsec_…cdef", previousAcceptedUntil: null },
    });
    expect(await getWebhookSecrets(team.org.id, "sandbox", "core")).toEqual([s1]);
    expect(await getWebhookSecrets(team.org.id, "sandbox", "pro")).toEqual([]);
    expect(await setWebhookSecret({ environment: "sandbox", surface: "core", secret: s1 })).toMatchObject({
      ok: false,
      fieldErrors: { secret: expect.stringMatching(/already in use/) },
    });
    expect(await setWebhookSecret({ environment: "sandbox", surface: "core", secret: "short" })).toMatchObject({
      ok: false,
      fieldErrors: { secret: expect.stringMatching(/at least 16/) },
    });

    const before = Date.now();
    const rotated = await setWebhookSecret({ environment: "sandbox", surface: "core", secret: s2 });
    if (!rotated.ok) throw new Error(rotated.error);
    const until = new Date(rotated.data.previousAcceptedUntil!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 24 * 3600_000);
    expect(until).toBeLessThan(Date.now() + 24 * 3600_000 + 1000);
    expect(await getWebhookSecrets(team.org.id, "sandbox", "core")).toEqual([s2, s1]);
    expect(await getWebhookSecrets(team.org.id, "sandbox", "core", new Date(until + 1))).toEqual([s2]);

    const audit = await testDb().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "vault.webhook_secret_rotated" } });
    expect(audit.after).toEqual({ environment: "sandbox", surface: "core", prefix: "", last4: "cdef" });
    expect(audit.before).toMatchObject({ prefix: "whsec_", last4: "cdef", acceptUntil: rotated.data.previousAcceptedUntil });

    const previous = await testDb().vaultSecret.findFirstOrThrow({ where: { organizationId: team.org.id, status: "previous" } });
    expect(await revokeWebhookSecret({ id: previous.id })).toEqual({ ok: true, data: { id: previous.id } });
    expect(await getWebhookSecrets(team.org.id, "sandbox", "core")).toEqual([s2]);
    expect(await testDb().auditLog.count({ where: { organizationId: team.org.id, action: { startsWith: "vault.webhook_secret" } } })).toBe(3);
    for (const secret of [s1, s2]) {
      expectNoPlaintext(await rawRows("vault_secrets", team.org.id), secret);
      expectNoPlaintext(await rawRows("audit_log", team.org.id), secret);
    }
  });
});
