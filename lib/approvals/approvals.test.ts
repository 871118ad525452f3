/**
 * The four-eyes engine against a real PostgreSQL, with a test-only executor standing in for the
 * provider (so every send can be counted and made to fail), called through the actions as each
 * role. The real balance-move executor against the emulator is in lib/balances/executor.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { approveRequest } from "@/lib/approvals/approve-request";
import { cancelRequest } from "@/lib/approvals/cancel-request";
import { rejectRequest } from "@/lib/approvals/reject-request";
import { retryRequest } from "@/lib/approvals/retry-request";
import { setApprovalThreshold } from "@/lib/approvals/set-threshold";
import { approveRequest as approveDirect, SELF_APPROVAL, STUCK_SEND_MS } from "@/lib/approvals/decide";
import { defineExecutor, removeExecutor, type ExecuteInput } from "@/lib/approvals/executor-registry";
import { countPendingForUser, loadInbox } from "@/lib/approvals/queries";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { UpstreamError } from "@/lib/upstream/errors";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

const KIND = "test_payment";
type Payload = { amount: string; currency: string; to: string };
type Behaviour = "ok" | "unknown" | "refused";

const calls: ExecuteInput<Payload>[] = [];
let behaviour: Behaviour[] = [];

function upstreamFailure(outcome: "unknown" | "refused") {
  return new UpstreamError({
    kind: outcome === "unknown" ? "unavailable" : "refused",
    status: outcome === "unknown" ? 504 : 422,
    code: outcome === "unknown" ? "TIMEOUT" : "INSUFFICIENT_BALANCE",
    message: "provider wording",
    userMessage: outcome === "unknown" ? "The provider did not answer in time; the outcome is not known yet." : "The balance is too low for this payment.",
    surface: "core",
    outcome,
  });
}

defineExecutor(KIND, {
  label: "Test payment",
  payloadSchema: z.object({ amount: z.string().regex(/^\d+(\.\d+)?$/, { error: "Enter an amount." }), currency: z.string(), to: z.string() }).strict(),
  describe: (p) => ({ summary: `Pay ${p.currency} ${p.amount} to ${p.to}`, amount: p.amount, currency: p.currency }),
  execute: async (input) => {
    calls.push(input);
    // Long enough that concurrent approvals overlap with the send.
    await new Promise((r) => setTimeout(r, 30));
    const next = behaviour.shift() ?? "ok";
    if (next !== "ok") throw upstreamFailure(next);
    return { resourceId: `pay_${calls.length}`, status: "COMPLETED" };
  },
});
afterAll(() => removeExecutor(KIND));

let team: Awaited<ReturnType<typeof createTeam>>;
type Who = "viewer" | "operator" | "approver" | "admin";
const db = () => testDb();
const as = async (who: Who) => signInAs(await db().user.findUniqueOrThrow({ where: { id: team[who].id } }));
const userOf = (who: Who) => ({ ...team[who], environment: "sandbox" as const });
const ctx = { requestId: "test-request", ip: "203.0.113.9", userAgent: "vitest" };

async function submit(who: Who, amount: string, opts: { currency?: string; attemptKey?: string; expiresInMs?: number } = {}) {
  return submitMoneyMovement({
    kind: KIND,
    payload: { amount, currency: opts.currency ?? "USD", to: "Ada" },
    attemptKey: opts.attemptKey ?? randomUUID(),
    user: team[who],
    environment: "sandbox",
    request: ctx,
    expiresInMs: opts.expiresInMs,
  });
}

async function pendingRequest(who: Who = "operator", amount = "5000.00") {
  const r = await submit(who, amount);
  if (r.status !== "pending_approval") throw new Error("expected a pending request");
  return r.requestId;
}

async function threshold(amount: string, kind = "*", currency = "USD") {
  await db().approvalThreshold.create({ data: { organizationId: team.org.id, kind, currency, amount } });
}

const auditOf = (targetId: string) => db().auditLog.findMany({ where: { targetId }, orderBy: { id: "asc" } });

beforeEach(async () => {
  team = await createTeam();
  calls.length = 0;
  behaviour = [];
  signOutTest();
});

describe("submitting a money movement", () => {
  it("needs approval for every amount when the currency has no threshold (deny by default)", async () => {
    await threshold("1000", "*", "NGN");
    const r = await submit("operator", "0.01");
    expect(r).toMatchObject({ status: "pending_approval", amount: "0.01", currency: "USD", summary: "Pay USD 0.01 to Ada" });
    expect(calls).toHaveLength(0);
    const row = await db().approvalRequest.findUniqueOrThrow({ where: { id: (r as { requestId: string }).requestId } });
    expect(row).toMatchObject({ status: "pending", kind: KIND, requestedById: team.operator.id, environment: "sandbox" });
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.99);
    expect(hours).toBeLessThan(24.01);
    const audit = await auditOf(row.id);
    expect(audit.map((a) => a.action)).toEqual(["approval.requested"]);
    expect(audit[0]).toMatchObject({ actorId: team.operator.id, requestId: "test-request", environment: "sandbox" });
    expect(audit[0]!.after).toMatchObject({ amount: "0.01", currency: "USD", threshold: null });
  });

  it("sends at once at or under the threshold, with the form's attempt key, and audits the send", async () => {
    await threshold("1000");
    const attemptKey = randomUUID();
    const r = await submit("operator", "1000.00", { attemptKey });
    expect(r).toMatchObject({ status: "sent", amount: "1000", result: { resourceId: "pay_1", status: "COMPLETED" } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      attemptKey,
      userId: team.operator.id,
      organizationId: team.org.id,
      environment: "sandbox",
      payload: { amount: "1000.00" },
    });
    expect(await db().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
    const audit = await db().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "money_movement.sent" } });
    expect(audit).toMatchObject({ targetType: KIND, targetId: "pay_1", actorId: team.operator.id });
    expect(audit.after).toMatchObject({ attemptKey, threshold: { kind: "*", amount: "1000" } });

    expect(await submit("operator", "1000.01")).toMatchObject({ status: "pending_approval" });
    expect(calls).toHaveLength(1);
  });

  it("uses the kind's own threshold before the organization's '*' one", async () => {
    await threshold("1000");
    await threshold("50", KIND);
    expect(await submit("operator", "60")).toMatchObject({ status: "pending_approval" });
    expect(await submit("operator", "50")).toMatchObject({ status: "sent" });
  });

  it("answers a repeated submission of the same form with the same request, and refuses other values under its key", async () => {
    const attemptKey = randomUUID();
    const [a, b] = await Promise.all([submit("operator", "5000", { attemptKey }), submit("operator", "5000", { attemptKey })]);
    expect(a).toMatchObject({ status: "pending_approval" });
    expect(b).toEqual(a);
    expect(await db().approvalRequest.count({ where: { attemptKey } })).toBe(1);
    await expect(submit("operator", "6000", { attemptKey })).rejects.toThrow(/already submitted with other values/);
  });

  it("puts payload problems on the fields", async () => {
    await expect(submit("operator", "lots")).rejects.toMatchObject({ fieldErrors: { amount: "Enter an amount." } });
  });
});

describe("approving", () => {
  it("refuses the requester: someone else must approve", async () => {
    const id = await pendingRequest("admin");
    await as("admin");
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: SELF_APPROVAL });
    expect(calls).toHaveLength(0);
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", decidedById: null });
  });

  it.each(["viewer", "operator"] as const)("refuses a %s, who may not decide", async (who) => {
    const id = await pendingRequest("admin");
    await as(who);
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    expect(await rejectRequest({ requestId: id, reason: "no way" })).toMatchObject({ ok: false });
    expect(await retryRequest({ requestId: id })).toMatchObject({ ok: false });
    expect(calls).toHaveLength(0);
  });

  it("sends once, with the stored attempt key and payload, when an approver approves; audits decision and outcome", async () => {
    const attemptKey = randomUUID();
    const r = await submit("operator", "2500.50", { attemptKey });
    const id = (r as { requestId: string }).requestId;
    await as("approver");
    expect(await approveRequest({ requestId: id, note: "Checked the invoice" })).toEqual({ ok: true, data: { requestId: id, status: "sent" } });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ attemptKey, userId: team.approver.id, payload: { amount: "2500.50", currency: "USD", to: "Ada" } });
    const row = await db().approvalRequest.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", decidedById: team.approver.id, decisionNote: "Checked the invoice" });
    expect(row.result).toMatchObject({ ok: true, response: { resourceId: "pay_1" } });
    expect((await auditOf(id)).map((a) => [a.action, a.actorId])).toEqual([
      ["approval.requested", team.operator.id],
      ["approval.approved", team.approver.id],
      ["approval.sent", team.approver.id],
    ]);
    // Approving again changes nothing and sends nothing.
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "This request was already approved and sent." });
    expect(calls).toHaveLength(1);
  });

  it("sends once when two approvers approve at the same moment", async () => {
    const id = await pendingRequest("operator");
    const deciders = ["approver", "admin", "approver", "admin", "approver", "admin"] as const;
    const results = await Promise.allSettled(deciders.map((who) => approveDirect(userOf(who), ctx, id)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason.message)).toMatch(/already approved|changed while you were deciding/);
    expect(calls).toHaveLength(1);
    expect(await db().auditLog.count({ where: { targetId: id, action: "approval.approved" } })).toBe(1);
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent" });
  });

  it("sends once when one approver double-clicks", async () => {
    const id = await pendingRequest("operator");
    await as("approver");
    const [a, b] = await Promise.all([approveRequest({ requestId: id }), approveRequest({ requestId: id })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(calls).toHaveLength(1);
  });

  it("refuses a request from the other environment", async () => {
    const id = await pendingRequest("operator");
    await db().user.update({ where: { id: team.approver.id }, data: { environment: "production" } });
    await as("approver");
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "This request belongs to sandbox. Switch to sandbox to act on it." });
    expect(calls).toHaveLength(0);
  });

  it("refuses a request of another organization as not found", async () => {
    const id = await pendingRequest("operator");
    const other = team;
    team = await createTeam();
    await as("approver");
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "This request could not be found. Reload the page." });
    team = other;
    expect(calls).toHaveLength(0);
  });
});

describe("expiry", () => {
  it("expires an overdue request on read and in the actions, with an audit row, and never sends it", async () => {
    const id = await pendingRequest("operator");
    await db().approvalRequest.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await countPendingForUser({ ...userOf("approver"), role: "approver" })).toBe(0);
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "expired" });
    await as("approver");
    expect(await approveRequest({ requestId: id })).toEqual({
      ok: false,
      error: "This request expired before anyone approved it. Ask the requester to submit it again.",
    });
    expect(calls).toHaveLength(0);
    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(["approval.requested", "approval.expired"]);
    expect(audit[1]).toMatchObject({ actorId: null, before: { status: "pending" } });
  });

  it("honours a shorter expiry given by the caller", async () => {
    const r = await submit("operator", "5000", { expiresInMs: 60_000 });
    const row = await db().approvalRequest.findUniqueOrThrow({ where: { id: (r as { requestId: string }).requestId } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThan(61_000);
  });

  it("refuses an approval that arrives after the expiry time even before anyone read it", async () => {
    const id = await pendingRequest("operator");
    await db().approvalRequest.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1) } });
    await expect(approveDirect(userOf("approver"), ctx, id)).rejects.toThrow(/expired/);
    expect(calls).toHaveLength(0);
  });
});

describe("rejecting and cancelling", () => {
  it("rejects with a reason, which is required, and nothing is sent", async () => {
    const id = await pendingRequest("operator");
    await as("approver");
    expect(await rejectRequest({ requestId: id, reason: " " })).toMatchObject({ ok: false, fieldErrors: { reason: "Say why you are rejecting it." } });
    expect(await rejectRequest({ requestId: id, reason: "Wrong beneficiary" })).toEqual({ ok: true, data: { requestId: id, status: "rejected" } });
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "rejected",
      decisionNote: "Wrong beneficiary",
      decidedById: team.approver.id,
    });
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "This request was already rejected." });
    expect(calls).toHaveLength(0);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["approval.requested", "approval.rejected"]);
  });

  it("lets only the requester cancel, and only while pending", async () => {
    const id = await pendingRequest("operator");
    await as("approver");
    expect(await cancelRequest({ requestId: id })).toMatchObject({ ok: false, error: expect.stringMatching(/Only the person who requested this/) });
    await as("operator");
    expect(await cancelRequest({ requestId: id })).toEqual({ ok: true, data: { requestId: id, status: "cancelled" } });
    expect(await cancelRequest({ requestId: id })).toEqual({ ok: false, error: "The requester cancelled this request." });
    await as("approver");
    expect(await approveRequest({ requestId: id })).toEqual({ ok: false, error: "The requester cancelled this request." });
    expect(calls).toHaveLength(0);
  });
});

describe("failed sends and retry", () => {
  it("stores an unknown outcome as failed and retries with the same attempt key, never a new one", async () => {
    const attemptKey = randomUUID();
    const id = ((await submit("operator", "5000", { attemptKey })) as { requestId: string }).requestId;
    behaviour = ["unknown"];
    await as("approver");
    expect(await approveRequest({ requestId: id })).toEqual({
      ok: true,
      data: { requestId: id, status: "failed", error: "The provider did not answer in time; the outcome is not known yet.", retryable: true },
    });
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      result: { ok: false, outcome: "unknown", retryable: true, code: "TIMEOUT" },
    });

    await as("admin");
    expect(await retryRequest({ requestId: id })).toEqual({ ok: true, data: { requestId: id, status: "sent" } });
    expect(calls.map((c) => c.attemptKey)).toEqual([attemptKey, attemptKey]);
    expect(await db().approvalRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "sent", result: { ok: true } });
    expect((await auditOf(id)).map((a) => a.action)).toEqual([
      "approval.requested",
      "approval.approved",
      "approval.send_failed",
      "approval.retry_requested",
      "approval.sent",
    ]);
    expect(await retryRequest({ requestId: id })).toMatchObject({ ok: false, error: "This request was already approved and sent." });
    expect(calls).toHaveLength(2);
  });

  it("does not retry a definitive refusal", async () => {
    const id = await pendingRequest("operator");
    behaviour = ["refused"];
    await as("approver");
    expect(await approveRequest({ requestId: id })).toMatchObject({
      ok: true,
      data: { status: "failed", error: "The balance is too low for this payment.", retryable: false },
    });
    expect(await retryRequest({ requestId: id })).toMatchObject({ ok: false, error: expect.stringMatching(/provider refused this request/) });
    expect(calls).toHaveLength(1);
  });

  it("retries an approved request whose send was interrupted, but not one being sent right now", async () => {
    const attemptKey = randomUUID();
    const id = ((await submit("operator", "5000", { attemptKey })) as { requestId: string }).requestId;
    // As if the server stopped between the approval and the send.
    await db().approvalRequest.update({ where: { id }, data: { status: "approved", decidedById: team.admin.id, decidedAt: new Date() } });
    await as("approver");
    expect(await retryRequest({ requestId: id })).toEqual({ ok: false, error: "This request is being sent right now. Wait a minute, then reload the page." });
    await db().$executeRaw`UPDATE approval_requests SET updated_at = now() - ${`${STUCK_SEND_MS + 1000} milliseconds`}::interval WHERE id = ${id}::uuid`;
    const [a, b] = await Promise.all([retryRequest({ requestId: id }), retryRequest({ requestId: id })]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(calls.map((c) => c.attemptKey)).toEqual([attemptKey]);
  });

  it("refuses to retry a request nobody approved", async () => {
    const id = await pendingRequest("operator");
    await as("approver");
    expect(await retryRequest({ requestId: id })).toEqual({ ok: false, error: "This request has not been approved yet." });
  });
});

describe("inbox reads", () => {
  it("shows an approver what waits for them (not their own), the requester their requests, and filters history", async () => {
    const theirs = await pendingRequest("operator");
    const own = await pendingRequest("approver");
    const approver = { ...userOf("approver"), role: "approver" as const };
    const inbox = await loadInbox(approver, { page: 1 });
    expect(inbox.waiting.map((r) => r.id)).toEqual([theirs]);
    expect(inbox.waiting[0]).toMatchObject({ canApprove: true, canCancel: false, requestedBy: { id: team.operator.id }, amount: "5000", currency: "USD" });
    expect(inbox.mine.map((r) => [r.id, r.canApprove, r.canCancel])).toEqual([[own, false, true]]);
    expect(inbox.history.total).toBe(2);
    expect(await countPendingForUser(approver)).toBe(1);

    const operator = { ...userOf("operator"), role: "operator" as const };
    const forOperator = await loadInbox(operator, { page: 1 });
    // The operator sees the approver's request waiting, but may not decide on it.
    expect(forOperator.waiting.map((r) => [r.id, r.canApprove])).toEqual([[own, false]]);
    expect(forOperator.mine.map((r) => [r.id, r.canApprove, r.canCancel])).toEqual([[theirs, false, true]]);
    expect(await countPendingForUser(operator)).toBe(0);

    await db().approvalRequest.update({ where: { id: own }, data: { status: "cancelled" } });
    const filtered = await loadInbox(approver, { page: 1, status: "cancelled" });
    expect(filtered.history.rows.map((r) => r.id)).toEqual([own]);
    expect((await loadInbox({ ...approver, environment: "production" }, { page: 1 })).history.total).toBe(0);
  });
});

describe("thresholds", () => {
  it("lets an admin set, change and remove a threshold, audited before and after (loosening once approved)", async () => {
    // Raising (here: from no limit) waits for a second person; the approver's approval applies it.
    const approveLatest = async () => {
      const req = await db().approvalRequest.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "control_threshold", status: "pending" } });
      await as("approver");
      expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
      await as("admin");
    };
    await as("admin");
    expect(await setApprovalThreshold({ currency: "usd", amount: "1,000.50" })).toMatchObject({
      ok: true,
      data: { kind: "*", currency: "USD", status: "pending_approval" },
    });
    await approveLatest();
    // Lower than the "*" limit that applies to this kind today: a tightening, applied at once.
    expect(await setApprovalThreshold({ currency: "USD", kind: KIND, amount: "250" })).toMatchObject({ ok: true, data: { changed: true, amount: "250" } });
    expect(await setApprovalThreshold({ currency: "USD", amount: "2000" })).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    await approveLatest();
    const rows = await db().approvalThreshold.findMany({ where: { organizationId: team.org.id }, orderBy: { kind: "asc" } });
    expect(rows.map((r) => [r.kind, r.currency, r.amount.toFixed()])).toEqual([
      ["*", "USD", "2000"],
      [KIND, "USD", "250"],
    ]);
    const changed = await db().auditLog.findMany({ where: { organizationId: team.org.id, action: "approval_threshold.set" }, orderBy: { id: "asc" } });
    expect(changed[2]).toMatchObject({ before: { amount: "1000.5" }, after: { amount: "2000" }, actorId: team.approver.id });

    // Removing the kind's own 250 lets the "*" 2000 apply to it: a loosening too.
    expect(await setApprovalThreshold({ currency: "USD", kind: KIND, remove: true })).toMatchObject({
      ok: true,
      data: { removed: true, status: "pending_approval" },
    });
    await approveLatest();
    const removed = await db().auditLog.findFirstOrThrow({ where: { organizationId: team.org.id, action: "approval_threshold.removed" } });
    expect(removed.before).toMatchObject({ amount: "250" });
  });

  it("refuses bad input on the fields and unknown kinds", async () => {
    await as("admin");
    expect(await setApprovalThreshold({ currency: "US DOLLARS", amount: "-5" })).toMatchObject({ ok: false, fieldErrors: { currency: expect.any(String) } });
    expect(await setApprovalThreshold({ currency: "USD", amount: "-5" })).toMatchObject({
      ok: false,
      fieldErrors: { amount: expect.stringMatching(/amount of 0 or more/) },
    });
    expect(await setApprovalThreshold({ currency: "USD", kind: "no_such_kind", amount: "5" })).toMatchObject({
      ok: false,
      fieldErrors: { kind: "Choose what the limit applies to." },
    });
  });

  it.each(["viewer", "operator", "approver"] as const)("refuses a %s", async (who) => {
    await as(who);
    expect(await setApprovalThreshold({ currency: "USD", amount: "1" })).toEqual({
      ok: false,
      error: "Your role does not allow this. Ask an admin if you need it.",
    });
    expect(await db().approvalThreshold.count({ where: { organizationId: team.org.id } })).toBe(0);
  });
});
