/**
 * Promise: one admin alone cannot put an API key in place (whoever holds a key acts as the merchant
 * at the provider). Adding or replacing one waits for a second person; meanwhile the key is sealed
 * in the vault, never in the request, the audit log or anyone's view but as its last four
 * characters, and it is destroyed once the request is rejected, cancelled or expires. On the code
 * before this rule a key was stored and used at once.
 */
import { Client } from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MERCHANTS, type TestEmulator } from "@/emulator/testing";
import { addApiKey } from "@/lib/vault/add-api-key";
import { approveRequest } from "@/lib/approvals/approve-request";
import { cancelRequest } from "@/lib/approvals/cancel-request";
import { rejectRequest } from "@/lib/approvals/reject-request";
import { replaceApiKey } from "@/lib/vault/replace-api-key";
import { revokeApiKey } from "@/lib/vault/revoke-api-key";
import { applyDueControlChanges, SINGLE_ADMIN_DELAY_MS } from "@/lib/approvals/controls";
import { expireDue } from "@/lib/approvals/expiry";
import { loadInbox } from "@/lib/approvals/queries";
import { getActiveApiKey, listSecrets } from "@/lib/vault";
import { createTeam, testDb } from "@/test/factories";
import { startSandbox } from "@/test/fixtures";
import { signInAs, signOutTest } from "@/test/session";

const FULL = "sk_sandbox_demo_full_4f9c2a7e1b3d";
const READONLY = "sk_sandbox_demo_readonly_8e2b6d1c";
const ALL = ["Read", "Write", "Trade"] as const;

let emu: TestEmulator;
let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (who: "viewer" | "operator" | "approver" | "admin") => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));
const held = () => testDb().vaultSecret.count({ where: { organizationId: team.org.id, status: "held" } });
const pendingKey = () => testDb().approvalRequest.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "control_api_key", status: "pending" } });

/** Every row the organization has in these tables, as PostgreSQL renders it (bytea as hex). */
async function everything(organizationId: string): Promise<string> {
  const pg = new Client({ connectionString: process.env.DATABASE_URL });
  await pg.connect();
  try {
    const out: string[] = [];
    for (const table of ["vault_secrets", "approval_requests", "audit_log"]) {
      const { rows } = await pg.query(`SELECT t::text AS row FROM ${table} t WHERE organization_id = $1`, [organizationId]);
      out.push(...rows.map((r: { row: string }) => r.row));
    }
    return out.join("\n");
  } finally {
    await pg.end();
  }
}
function expectNoKey(haystack: string, key: string) {
  expect(haystack).not.toContain(key);
  expect(haystack.toLowerCase()).not.toContain(Buffer.from(key).toString("hex"));
  expect(haystack).not.toContain(Buffer.from(key).toString("base64"));
  expect(haystack).not.toContain(key.slice(0, -4)); // not even all but the last four
}

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(async () => {
  signOutTest();
  await emu?.close();
});
beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("adding an API key", () => {
  it("waits for a second person, the key sealed meanwhile and shown to nobody but as its last four", async () => {
    await as("admin");
    const r = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    expect(r).toMatchObject({ ok: true, data: { status: "pending_approval", applyAt: null, masked: "sk_sandbox_…1b3d" } });
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toBeNull();
    expect(await listSecrets(team.org.id)).toEqual([]);
    expect(await held()).toBe(1);

    const req = await pendingKey();
    expect(req.summary).toBe("Add the Sandbox Core API key …1b3d (scopes Read, Write, Trade)");
    expectNoKey(await everything(team.org.id), FULL);

    // The requester cannot approve it, nor can an operator; the approver sees only the summary.
    expect(await approveRequest({ requestId: req.id })).toEqual({ ok: false, error: "You requested this, so someone else must approve it." });
    await as("operator");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    await as("approver");
    const inbox = await loadInbox({ id: team.approver.id, role: "approver", organizationId: team.org.id, environment: "sandbox" }, { page: 1 });
    expect(inbox.waiting).toHaveLength(1);
    expectNoKey(JSON.stringify(inbox), FULL);

    const approved = await approveRequest({ requestId: req.id });
    expect(approved).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toMatchObject({ key: FULL, scopes: ["Read", "Write", "Trade"] });
    const [meta] = await listSecrets(team.org.id);
    expect(meta).toMatchObject({ status: "active", createdBy: { id: team.admin.id } });
    expect(await held()).toBe(0);
    expectNoKey(await everything(team.org.id), FULL);
  });

  it("is checked with the provider again when approved: a key revoked meanwhile is not stored, and its held copy is destroyed", async () => {
    const issued = await fetch(`${emu.url}/__emulator/keys`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ merchant_id: MERCHANTS.demo, scopes: ["Read"] }),
    });
    const { key } = (await issued.json()) as { key: string };
    await as("admin");
    expect(await addApiKey({ environment: "sandbox", surface: "coins", scopes: ["Read"], key })).toMatchObject({
      ok: true,
      data: { status: "pending_approval" },
    });
    await fetch(`${emu.url}/__emulator/keys/${key}`, { method: "DELETE" });
    const req = await pendingKey();
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({
      ok: true,
      data: { status: "failed", retryable: false, error: expect.stringMatching(/^Not applied: The provider does not accept this key/) },
    });
    expect(await getActiveApiKey(team.org.id, "sandbox", "coins")).toBeNull();
    expect(await held()).toBe(0);
  });

  it("destroys the held key when the request is rejected, cancelled or expires", async () => {
    await as("admin");
    await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    await as("approver");
    expect(await rejectRequest({ requestId: (await pendingKey()).id, reason: "Not this key" })).toMatchObject({ ok: true });
    expect(await held()).toBe(0);

    await as("admin");
    await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    expect(await cancelRequest({ requestId: (await pendingKey()).id })).toMatchObject({ ok: true });
    expect(await held()).toBe(0);

    await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    const req = await pendingKey();
    expect(await held()).toBe(1);
    expect(await expireDue(team.org.id, new Date(req.expiresAt.getTime() + 1000))).toBe(1);
    expect(await held()).toBe(0);
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toBeNull();
    expect(await testDb().vaultSecret.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("asking twice for the same key keeps one request and one held copy", async () => {
    await as("admin");
    const a = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    const b = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!a.ok || !b.ok) throw new Error("ask failed");
    expect(b.data.requestId).toBe(a.data.requestId);
    expect(await held()).toBe(1);
  });
});

describe("an organization with a single admin", () => {
  it("a new key applies only after the announced delay, checked then, with no held copy left", async () => {
    await testDb().user.update({ where: { id: team.approver.id }, data: { role: "operator" } });
    await as("admin");
    const before = Date.now();
    const r = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    expect(r).toMatchObject({
      ok: true,
      data: { status: "pending_approval", applyAt: expect.any(String), message: expect.stringMatching(/Nobody else can approve this/) },
    });
    expect(await applyDueControlChanges(team.org.id, new Date(before + SINGLE_ADMIN_DELAY_MS - 60_000))).toBe(0);
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toBeNull();
    expect(await applyDueControlChanges(team.org.id, new Date(before + SINGLE_ADMIN_DELAY_MS + 60_000))).toBe(1);
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toMatchObject({ key: FULL });
    expect(await held()).toBe(0);
  });
});

describe("replacing and revoking an API key", () => {
  it("a replacement waits: the old key stays in use until a second person approves, then is revoked", async () => {
    await as("admin");
    const first = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!first.ok) throw new Error(first.error);
    await as("approver");
    await approveRequest({ requestId: first.data.requestId });
    const oldId = (await getActiveApiKey(team.org.id, "sandbox", "core"))!.id;

    await as("admin");
    expect(await replaceApiKey({ id: oldId, scopes: ["Read"], key: READONLY })).toMatchObject({
      ok: true,
      data: { status: "pending_approval", masked: "sk_sandbox_…6d1c" },
    });
    expect((await getActiveApiKey(team.org.id, "sandbox", "core"))?.key).toBe(FULL);
    const req = await pendingKey();
    expect(req.summary).toBe("Replace the Sandbox Core API key …1b3d with …6d1c (scopes Read)");
    expectNoKey(await everything(team.org.id), READONLY);

    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect((await getActiveApiKey(team.org.id, "sandbox", "core"))?.key).toBe(READONLY);
    expect((await testDb().vaultSecret.findUniqueOrThrow({ where: { id: oldId } })).status).toBe("revoked");
    expect(await held()).toBe(0);
  });

  it("revoking applies at once: it only takes access away", async () => {
    await as("admin");
    const first = await addApiKey({ environment: "sandbox", surface: "core", scopes: [...ALL], key: FULL });
    if (!first.ok) throw new Error(first.error);
    await as("approver");
    await approveRequest({ requestId: first.data.requestId });
    const id = (await getActiveApiKey(team.org.id, "sandbox", "core"))!.id;
    await as("admin");
    expect(await revokeApiKey({ id })).toEqual({ ok: true, data: { id } });
    expect(await getActiveApiKey(team.org.id, "sandbox", "core")).toBeNull();
    expect(await testDb().approvalRequest.count({ where: { organizationId: team.org.id, status: "pending" } })).toBe(0);
  });
});
