/**
 * Dual control over the remaining controls, each test an attack by one admin acting alone: raising
 * or removing a 24-hour limit, and pointing the outbound webhook (every final review decision) at
 * an address of their choosing. On the code before this rule each applied at once. Also: a control
 * request is the organization's, so an approver finds and decides it from either environment.
 */
import dns from "node:dns";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { approveRequest } from "@/lib/approvals/approve-request";
import { removeOutboundWebhook } from "@/lib/review/remove-outbound-webhook";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";
import { setVelocityLimit } from "@/lib/approvals/set-velocity-limit";
import { applyDueControlChanges, SINGLE_ADMIN_DELAY_MS } from "@/lib/approvals/controls";
import { countPendingForUser, loadInbox } from "@/lib/approvals/queries";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import type { Environment } from "@/lib/generated/prisma/enums";

type Team = Awaited<ReturnType<typeof createTeam>>;
type Who = "viewer" | "operator" | "approver" | "admin";
let team: Team;
const db = () => testDb();
const as = async (who: Who, t: Team = team) => signInAs(await db().user.findUniqueOrThrow({ where: { id: t[who].id } }));
const limitOf = async (orgId: string, scope: "organization" | "requester") =>
  (await db().approvalVelocityLimit.findFirst({ where: { organizationId: orgId, currency: "USD", scope } }))?.amount.toFixed() ?? null;
const hookOf = async (orgId: string, environment: Environment = "sandbox") =>
  (await db().outboundWebhook.findUnique({ where: { organizationId_environment: { organizationId: orgId, environment } } }))?.url ?? null;
const pendingOf = (orgId: string, kind: string) => db().approvalRequest.findFirstOrThrow({ where: { organizationId: orgId, kind, status: "pending" } });

// Names resolve through this table (no network in tests); a name can change address between asking and applying.
const dnsTable = new Map<string, string>();
beforeEach(async () => {
  dnsTable.clear();
  vi.spyOn(dns.promises, "lookup").mockImplementation((async (host: string) => {
    const address = dnsTable.get(host);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return [{ address, family: 4 }];
  }) as never);
  team = await createTeam();
  await db().approvalVelocityLimit.create({
    data: { organizationId: team.org.id, currency: "USD", scope: "organization", amount: "3000", updatedById: team.admin.id },
  });
  signOutTest();
});
afterEach(() => {
  vi.restoreAllMocks();
  signOutTest();
});

describe("24-hour limits", () => {
  it("raising one waits for a second person, then applies; the approver sees before → after", async () => {
    await as("admin");
    const r = await setVelocityLimit({ currency: "USD", scope: "organization", amount: "1000000" });
    expect(r).toMatchObject({ ok: true, data: { status: "pending_approval", applyAt: null, changed: false } });
    expect(await limitOf(team.org.id, "organization")).toBe("3000");

    const req = await pendingOf(team.org.id, "control_velocity");
    expect(req.summary).toBe("Raise the whole-organization 24-hour limit in USD: $3,000.00 → $1,000,000.00");
    expect(await approveRequest({ requestId: req.id })).toEqual({ ok: false, error: "You requested this, so someone else must approve it." });
    await as("operator");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    expect(await limitOf(team.org.id, "organization")).toBe("3000");
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await limitOf(team.org.id, "organization")).toBe("1000000");
  });

  it("removing one waits too: no limit lets any total through", async () => {
    await as("admin");
    expect(await setVelocityLimit({ currency: "USD", scope: "organization", remove: true })).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    expect(await limitOf(team.org.id, "organization")).toBe("3000");
    const req = await pendingOf(team.org.id, "control_velocity");
    expect(req.summary).toBe("Remove the whole-organization 24-hour limit in USD: $3,000.00 → none");
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await limitOf(team.org.id, "organization")).toBeNull();
  });

  it("a first limit and a lower one apply at once", async () => {
    await as("admin");
    expect(await setVelocityLimit({ currency: "USD", scope: "organization", amount: "2000" })).toMatchObject({
      ok: true,
      data: { changed: true, amount: "2000" },
    });
    expect(await setVelocityLimit({ currency: "USD", scope: "requester", amount: "500" })).toMatchObject({ ok: true, data: { changed: true, amount: "500" } });
    expect(await limitOf(team.org.id, "organization")).toBe("2000");
    expect(await limitOf(team.org.id, "requester")).toBe("500");
    expect(await db().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
  });

  it("alone, a raise applies only after the announced delay", async () => {
    const solo = await createTeam();
    await db().user.update({ where: { id: solo.approver.id }, data: { role: "operator" } });
    await db().approvalVelocityLimit.create({
      data: { organizationId: solo.org.id, currency: "USD", scope: "requester", amount: "100", updatedById: solo.admin.id },
    });
    await as("admin", solo);
    const before = Date.now();
    const r = await setVelocityLimit({ currency: "USD", scope: "requester", amount: "900" });
    expect(r).toMatchObject({ ok: true, data: { status: "pending_approval", applyAt: expect.any(String) } });
    expect(await applyDueControlChanges(solo.org.id, new Date(before + SINGLE_ADMIN_DELAY_MS - 60_000))).toBe(0);
    expect(await limitOf(solo.org.id, "requester")).toBe("100");
    expect(await applyDueControlChanges(solo.org.id, new Date(before + SINGLE_ADMIN_DELAY_MS + 60_000))).toBe(1);
    expect(await limitOf(solo.org.id, "requester")).toBe("900");
  });
});

describe("the outbound webhook address", () => {
  it("setting it waits for a second person; the requester alone gets the signing secret", async () => {
    dnsTable.set("erp.attacker.test", "93.184.216.34");
    await as("admin");
    const r = await setOutboundWebhook({ url: "https://erp.attacker.test/hooks" });
    if (!r.ok || !("status" in r.data)) throw new Error(`expected a waiting change: ${JSON.stringify(r)}`);
    expect(r.data).toMatchObject({ status: "pending_approval", url: null, secret: expect.stringMatching(/.{16,}/) });
    expect(await hookOf(team.org.id)).toBeNull();

    const req = await pendingOf(team.org.id, "control_outbound_webhook");
    expect(req.summary).toBe("Send sandbox final decisions to erp.attacker.test (https://erp.attacker.test/hooks)");
    expect(JSON.stringify(req.payload)).not.toContain(r.data.secret!);
    await as("approver");
    const approved = await approveRequest({ requestId: req.id });
    expect(approved).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(JSON.stringify(approved)).not.toContain(r.data.secret!);
    expect(await hookOf(team.org.id)).toBe("https://erp.attacker.test/hooks");
  });

  it("changing it waits; switching sending off, and removing it, apply at once", async () => {
    dnsTable.set("erp.example.test", "93.184.216.34");
    dnsTable.set("elsewhere.attacker.test", "198.51.99.7");
    await db().outboundWebhook.create({
      data: { organizationId: team.org.id, environment: "sandbox", url: "https://erp.example.test/hooks", enabled: true, updatedById: team.admin.id },
    });
    await as("admin");
    expect(await setOutboundWebhook({ url: "https://elsewhere.attacker.test/x" })).toMatchObject({
      ok: true,
      data: { status: "pending_approval", url: "https://erp.example.test/hooks" },
    });
    expect((await pendingOf(team.org.id, "control_outbound_webhook")).summary).toMatch(/to elsewhere\.attacker\.test .*instead of erp\.example\.test$/);
    expect(await hookOf(team.org.id)).toBe("https://erp.example.test/hooks");

    expect(await setOutboundWebhook({ url: "https://erp.example.test/hooks", enabled: false })).toMatchObject({
      ok: true,
      data: { url: "https://erp.example.test/hooks", enabled: false },
    });
    expect(await removeOutboundWebhook({})).toEqual({ ok: true, data: { removed: true } });
    expect(await hookOf(team.org.id)).toBeNull();
    expect(await db().approvalRequest.count({ where: { organizationId: team.org.id, kind: "control_outbound_webhook" } })).toBe(1);
  });

  it("is checked again when applied: a name that now resolves to an internal address is refused and nothing changes", async () => {
    dnsTable.set("rebind.attacker.test", "93.184.216.34");
    await as("admin");
    expect(await setOutboundWebhook({ url: "https://rebind.attacker.test/hooks" })).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    const req = await pendingOf(team.org.id, "control_outbound_webhook");
    dnsTable.set("rebind.attacker.test", "169.254.169.254");
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({
      ok: true,
      data: { status: "failed", retryable: false, error: expect.stringMatching(/^Not applied: .*private, local or cloud-internal network/) },
    });
    expect(await hookOf(team.org.id)).toBeNull();
  });

  it("an internal address is refused when asked, and nothing is filed", async () => {
    dnsTable.set("inside.attacker.test", "10.0.0.8");
    await as("admin");
    expect(await setOutboundWebhook({ url: "https://inside.attacker.test/" })).toMatchObject({
      ok: false,
      fieldErrors: { url: expect.stringMatching(/private, local or cloud-internal/) },
    });
    expect(await db().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
  });
});

describe("control requests are the organization's, not an environment's", () => {
  it("an approver in production sees, counts and approves a change asked for from sandbox; money stays per environment", async () => {
    await as("admin");
    await setVelocityLimit({ currency: "USD", scope: "organization", amount: "7000" });
    const req = await pendingOf(team.org.id, "control_velocity");
    expect(req.environment).toBe("sandbox");
    const money = await db().approvalRequest.create({
      data: {
        organizationId: team.org.id,
        environment: "sandbox",
        kind: "transfer",
        payload: {},
        summary: "Send USD 10.00",
        amount: "10",
        currency: "USD",
        status: "pending",
        attemptKey: crypto.randomUUID(),
        requestedById: team.operator.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });

    const approver = await db().user.update({ where: { id: team.approver.id }, data: { environment: "production" } });
    signInAs(approver);
    const viewer = { id: approver.id, role: approver.role, organizationId: team.org.id, environment: "production" as const };
    expect((await loadInbox(viewer, { page: 1 })).waiting.map((w) => w.id)).toEqual([req.id]);
    expect(await countPendingForUser(viewer)).toBe(1);
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await limitOf(team.org.id, "organization")).toBe("7000");
    expect(await approveRequest({ requestId: money.id })).toEqual({ ok: false, error: "This request belongs to sandbox. Switch to sandbox to act on it." });
  });
});
