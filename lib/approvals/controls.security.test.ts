/**
 * Dual control over the controls: each test is an attack by one admin acting alone. On the code
 * before this rule each loosening applied at once; now it waits for a different admin or approver,
 * or, where nobody else could approve, applies only after a delay announced to every member.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addUser } from "@/lib/team/add-user";
import { approveRequest } from "@/lib/approvals/approve-request";
import { cancelRequest } from "@/lib/approvals/cancel-request";
import { changeRole } from "@/lib/team/change-role";
import { issueInvite } from "@/lib/team/issue-invite";
import { rejectRequest } from "@/lib/approvals/reject-request";
import { setApprovalThreshold } from "@/lib/approvals/set-threshold";
import { setUserDisabled } from "@/lib/team/set-user-disabled";
import { applyDueControlChanges, pendingAnnouncements, pendingControlChanges, SINGLE_ADMIN_DELAY_MS } from "@/lib/approvals/controls";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

type Team = Awaited<ReturnType<typeof createTeam>>;
type Who = "viewer" | "operator" | "approver" | "admin";
let team: Team;
const db = () => testDb();
const as = async (who: Who, t: Team = team) => signInAs(await db().user.findUniqueOrThrow({ where: { id: t[who].id } }));
const usdLimit = async (orgId: string) =>
  (await db().approvalThreshold.findFirst({ where: { organizationId: orgId, kind: "*", currency: "USD" } }))?.amount.toFixed() ?? null;
const pendingOf = (orgId: string, kind: string) => db().approvalRequest.findFirstOrThrow({ where: { organizationId: orgId, kind, status: "pending" } });

beforeEach(async () => {
  team = await createTeam();
  await db().approvalThreshold.create({ data: { organizationId: team.org.id, kind: "*", currency: "USD", amount: "1000", updatedById: team.admin.id } });
  signOutTest();
});
afterEach(() => signOutTest());

describe("one admin cannot loosen a control alone", () => {
  it("raising an approval limit waits for a second person, then applies", async () => {
    await as("admin");
    const r = await setApprovalThreshold({ currency: "USD", amount: "1000000" });
    expect(r).toMatchObject({
      ok: true,
      data: { status: "pending_approval", applyAt: null, summary: "Raise the any-kind approval limit to $1,000,000.00" },
    });
    expect(await usdLimit(team.org.id)).toBe("1000");

    const req = await pendingOf(team.org.id, "control_threshold");
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await usdLimit(team.org.id)).toBe("1000000");
  });

  it("the requester can never approve their own loosening, and an operator cannot approve it", async () => {
    await as("admin");
    await setApprovalThreshold({ currency: "USD", amount: "50000" });
    const req = await pendingOf(team.org.id, "control_threshold");
    expect(await approveRequest({ requestId: req.id })).toEqual({ ok: false, error: "You requested this, so someone else must approve it." });
    await as("operator");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: false, error: "Your role does not allow this. Ask an admin if you need it." });
    expect(await usdLimit(team.org.id)).toBe("1000");
    expect((await db().approvalRequest.findUniqueOrThrow({ where: { id: req.id } })).status).toBe("pending");
  });

  it("a new sign-in link for an active approver waits; once approved the requester gets one link, once", async () => {
    await as("admin");
    const r = await issueInvite({ userId: team.approver.id });
    expect(r).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    expect(r.ok && "url" in r.data).toBe(false);
    expect(await db().invite.count({ where: { userId: team.approver.id } })).toBe(0);

    // Nobody approves a link to their own account.
    const req = await pendingOf(team.org.id, "control_invite");
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toEqual({ ok: false, error: "This change is about you, so someone else must approve it." });

    const second = await db().user.create({
      data: { organizationId: team.org.id, email: `second-${team.tag}@test.example`, name: "Second", role: "approver" },
    });
    signInAs(second);
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect(await db().invite.count({ where: { userId: team.approver.id } })).toBe(0); // not created for the approver to see

    await as("admin");
    const link = await issueInvite({ userId: team.approver.id });
    expect(link).toMatchObject({ ok: true, data: { url: expect.stringMatching(/\/invite\//) } });
    expect(await db().invite.count({ where: { userId: team.approver.id } })).toBe(1);
    // The approval is spent: another link needs another approval.
    expect(await issueInvite({ userId: team.approver.id })).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    expect(await db().invite.count({ where: { userId: team.approver.id } })).toBe(1);
  });

  it("adding a stand-in approver or promoting someone to approver waits", async () => {
    await as("admin");
    const added = await addUser({ name: "Stand In", email: `standin-${team.tag}@test.example`, role: "approver" });
    if (!added.ok) throw new Error(added.error);
    expect(added.data).toMatchObject({ role: "viewer", pendingRole: { status: "pending_approval" } });
    expect((await db().user.findUniqueOrThrow({ where: { id: added.data.userId } })).role).toBe("viewer");
    // An email of another organization gets an answer of the same shape, a waiting role included.
    const other = await createTeam();
    const elsewhere = await addUser({ name: "Stand In", email: other.viewer.email, role: "approver" });
    if (!elsewhere.ok) throw new Error(elsewhere.error);
    expect(Object.keys(elsewhere.data).sort()).toEqual(Object.keys(added.data).sort());
    expect(Object.keys(elsewhere.data.pendingRole!).sort()).toEqual(Object.keys(added.data.pendingRole!).sort());
    expect(elsewhere.data.pendingRole!.summary).toBe(added.data.pendingRole!.summary);

    expect(await changeRole({ userId: team.operator.id, role: "approver" })).toMatchObject({
      ok: true,
      data: { role: "operator", status: "pending_approval" },
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: team.operator.id } })).role).toBe("operator");

    const req = await db().approvalRequest.findFirstOrThrow({
      where: { organizationId: team.org.id, kind: "control_role", payload: { path: ["userId"], equals: team.operator.id } },
    });
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    expect((await db().user.findUniqueOrThrow({ where: { id: team.operator.id } })).role).toBe("approver");
  });

  it("tightening applies at once: a lower limit, a role taken away, a user disabled", async () => {
    await as("admin");
    expect(await setApprovalThreshold({ currency: "USD", amount: "10" })).toMatchObject({ ok: true, data: { changed: true, amount: "10" } });
    expect(await usdLimit(team.org.id)).toBe("10");
    // Removing the only "*" limit leaves none: every amount then needs approval.
    expect(await setApprovalThreshold({ currency: "USD", remove: true })).toMatchObject({ ok: true, data: { removed: true, changed: true } });
    expect(await usdLimit(team.org.id)).toBeNull();
    expect(await changeRole({ userId: team.approver.id, role: "viewer" })).toMatchObject({ ok: true, data: { role: "viewer" } });
    expect(await setUserDisabled({ userId: team.operator.id, disabled: true })).toMatchObject({ ok: true });
    expect(await db().approvalRequest.count({ where: { organizationId: team.org.id } })).toBe(0);
  });
});

describe("an organization with a single admin", () => {
  it("applies a loosening only after a delay announced to every member, and it can be stopped", async () => {
    const solo = await createTeam();
    await db().user.update({ where: { id: solo.approver.id }, data: { role: "operator" } });
    await as("admin", solo);
    const before = Date.now();
    const r = await setApprovalThreshold({ currency: "USD", amount: "250000" });
    if (!r.ok || !("applyAt" in r.data) || !r.data.applyAt) throw new Error("expected an announced change");
    expect(new Date(r.data.applyAt).getTime() - before).toBeGreaterThanOrEqual(SINGLE_ADMIN_DELAY_MS - 1000);
    expect(r.data.message).toMatch(/Nobody else can approve this/);
    expect(await usdLimit(solo.org.id)).toBeNull();

    // Every member sees it (the dashboard layout renders these), and the audit log says so.
    const seen = await pendingAnnouncements(solo.org.id);
    expect(seen).toEqual([expect.objectContaining({ summary: "Raise the any-kind approval limit to $250,000.00", requestedBy: solo.admin.name })]);
    // The page where it was asked lists it under its kind, and no other page does.
    expect(await pendingControlChanges(solo.org.id, ["control_threshold", "control_velocity"])).toEqual([
      { id: seen[0]!.id, summary: seen[0]!.summary, applyAt: seen[0]!.applyAt, requestedBy: solo.admin.name },
    ]);
    expect(await pendingControlChanges(solo.org.id, ["control_role", "control_api_key"])).toEqual([]);
    // Nor does another organization's shell.
    expect(await pendingAnnouncements((await createTeam()).org.id)).toEqual([]);
    expect(await db().auditLog.count({ where: { organizationId: solo.org.id, action: "control_change.announced" } })).toBe(1);

    // Not before its time...
    expect(await applyDueControlChanges(solo.org.id, new Date(before + SINGLE_ADMIN_DELAY_MS - 60_000))).toBe(0);
    expect(await usdLimit(solo.org.id)).toBeNull();
    // ...then by itself, once, with an audit row and no actor.
    const later = new Date(before + SINGLE_ADMIN_DELAY_MS + 60_000);
    expect(await applyDueControlChanges(solo.org.id, later)).toBe(1);
    expect(await applyDueControlChanges(solo.org.id, later)).toBe(0);
    expect(await usdLimit(solo.org.id)).toBe("250000");
    expect(await db().auditLog.findFirstOrThrow({ where: { organizationId: solo.org.id, action: "control_change.applied_after_delay" } })).toMatchObject({
      actorId: null,
    });
    expect(await pendingAnnouncements(solo.org.id)).toEqual([]);

    // The requester can cancel the next one during the delay; then it never applies.
    await setApprovalThreshold({ currency: "USD", amount: "900000" });
    const next = await pendingOf(solo.org.id, "control_threshold");
    expect(await cancelRequest({ requestId: next.id })).toMatchObject({ ok: true });
    expect(await applyDueControlChanges(solo.org.id, new Date(Date.now() + 2 * SINGLE_ADMIN_DELAY_MS))).toBe(0);
    expect(await usdLimit(solo.org.id)).toBe("250000");
  });

  it("another admin who is the subject of a promotion cannot approve it, but can reject an announced change", async () => {
    await as("admin");
    // Team: admin and approver. Promoting the approver: nobody but the approver could approve, so it is announced.
    expect(await changeRole({ userId: team.approver.id, role: "admin" })).toMatchObject({
      ok: true,
      data: { status: "pending_approval", applyAt: expect.any(String) },
    });
    await setApprovalThreshold({ currency: "USD", amount: "5000" });
    const limit = await pendingOf(team.org.id, "control_threshold");
    expect(limit.applyAt).toBeNull(); // the approver can approve a limit
    await as("approver");
    expect(await rejectRequest({ requestId: limit.id, reason: "Too high for us" })).toMatchObject({ ok: true });
    expect(await usdLimit(team.org.id)).toBe("1000");
  });
});
