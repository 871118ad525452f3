import { beforeEach, describe, expect, it } from "vitest";
import { acceptInvite } from "@/lib/team/accept-invite";
import { addUser } from "@/lib/team/add-user";
import { approveRequest } from "@/lib/approvals/approve-request";
import { changeRole } from "@/lib/team/change-role";
import { issueInvite } from "@/lib/team/issue-invite";
import { setUserDisabled } from "@/lib/team/set-user-disabled";
import { switchEnvironment } from "@/lib/auth/switch-environment";
import { applyDueControlChanges, SINGLE_ADMIN_DELAY_MS } from "@/lib/approvals/controls";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (who: "viewer" | "operator" | "approver" | "admin") => {
  const u = await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } });
  signInAs(u);
};

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("team actions called directly, as each role", () => {
  it("refuses every team action without a session", async () => {
    const r = await addUser({ name: "X", email: `x-${team.tag}@test.example`, role: "viewer" });
    expect(r).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it.each(["viewer", "operator", "approver"] as const)("refuses every team action for a %s", async (role) => {
    await as(role);
    const refused = { ok: false, error: "Your role does not allow this. Ask an admin if you need it." };
    expect(await addUser({ name: "X", email: `x-${role}-${team.tag}@test.example`, role: "admin" })).toEqual(refused);
    expect(await changeRole({ userId: team[role].id, role: "admin" })).toEqual(refused);
    expect(await setUserDisabled({ userId: team.admin.id, disabled: true })).toEqual(refused);
    expect(await issueInvite({ userId: team.admin.id })).toEqual(refused);
    expect(await testDb().user.findUniqueOrThrow({ where: { id: team[role].id } })).toMatchObject({ role });
    expect(await testDb().user.count({ where: { email: `x-${role}-${team.tag}@test.example` } })).toBe(0);
  });

  it("lets an admin add a user with a one-time link the new user can spend once", async () => {
    await as("admin");
    const email = `new-${team.tag}@test.example`;
    const r = await addUser({ name: "New Person", email: email.toUpperCase(), role: "operator" });
    if (!r.ok) throw new Error(r.error);
    expect(r.data.invite.url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = r.data.invite.url.split("/").pop()!;
    const stored = await testDb().invite.findFirstOrThrow({ where: { userId: r.data.userId } });
    expect(stored.tokenHash).not.toContain(token); // only the hash is kept

    signOutTest();
    const mismatch = await acceptInvite({ token, password: "a long enough password", confirm: "another one entirely" });
    expect(mismatch).toMatchObject({ ok: false, fieldErrors: { confirm: "The two passwords do not match." } });
    expect(await acceptInvite({ token, password: "a long enough password", confirm: "a long enough password" })).toEqual({ ok: true, data: { email } });
    expect(await acceptInvite({ token, password: "a long enough password", confirm: "a long enough password" })).toMatchObject({ ok: false });

    const audit = await testDb().auditLog.findFirstOrThrow({ where: { action: "team.user_added", targetId: r.data.userId } });
    expect(audit).toMatchObject({ actorId: team.admin.id, requestId: "test-request", ip: "203.0.113.9", userAgent: "vitest" });
    expect(audit.after).toEqual({ email, name: "New Person", role: "operator" });
  });

  it("puts field errors on the fields and refuses a duplicate email", async () => {
    await as("admin");
    expect(await addUser({ name: "", email: "not-an-email", role: "boss" as never })).toMatchObject({
      ok: false,
      fieldErrors: { name: "Enter the person's name.", email: expect.stringMatching(/valid email/), role: expect.stringMatching(/Choose a role/) },
    });
    expect(await addUser({ name: "Dup", email: team.viewer.email, role: "viewer" })).toMatchObject({
      ok: false,
      fieldErrors: { email: "This email is already on the team." },
    });
  });

  it("changes a role, signs the user out of older sessions, and audits before and after", async () => {
    await as("admin");
    // Granting approver waits for a second person (lib/approvals/controls.security.test.ts); approved here.
    expect(await changeRole({ userId: team.viewer.id, role: "approver" })).toMatchObject({
      ok: true,
      data: { userId: team.viewer.id, role: "viewer", status: "pending_approval" },
    });
    const req = await testDb().approvalRequest.findFirstOrThrow({ where: { organizationId: team.org.id, kind: "control_role" } });
    await as("approver");
    expect(await approveRequest({ requestId: req.id })).toMatchObject({ ok: true, data: { status: "sent" } });
    const after = await testDb().user.findUniqueOrThrow({ where: { id: team.viewer.id } });
    expect(after).toMatchObject({ role: "approver", sessionVersion: team.viewer.sessionVersion + 1 });
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { action: "team.role_changed", targetId: team.viewer.id } });
    expect(audit.before).toEqual({ role: "viewer" });
    expect(audit.after).toEqual({ role: "approver" });
  });

  it("never leaves the team without an admin", async () => {
    await as("admin");
    expect(await changeRole({ userId: team.admin.id, role: "viewer" })).toEqual({
      ok: false,
      error: "This is the last admin. Make someone else an admin first.",
    });
    expect(await setUserDisabled({ userId: team.admin.id, disabled: true })).toMatchObject({ ok: false });
    // Nobody but the target could approve this promotion, so it applies after the announced delay.
    expect(await changeRole({ userId: team.approver.id, role: "admin" })).toMatchObject({ ok: true, data: { status: "pending_approval" } });
    expect(await applyDueControlChanges(team.org.id, new Date(Date.now() + SINGLE_ADMIN_DELAY_MS + 60_000))).toBe(1);
    expect(await changeRole({ userId: team.admin.id, role: "viewer" })).toMatchObject({ ok: true });
  });

  it("disables a user, whose session stops working on the next call", async () => {
    await as("admin");
    const operatorSession = await testDb().user.findUniqueOrThrow({ where: { id: team.operator.id } });
    expect(await setUserDisabled({ userId: team.operator.id, disabled: true })).toMatchObject({ ok: true });
    signInAs(operatorSession); // the operator's old cookie
    const fd = new FormData();
    fd.set("environment", "production");
    expect(await switchEnvironment(fd)).toEqual({ ok: false, error: "Your session has ended. Sign in again." });
  });

  it("does not act on users of another organization", async () => {
    const other = await createTeam();
    await as("admin");
    expect(await changeRole({ userId: other.viewer.id, role: "admin" })).toEqual({ ok: false, error: "That user is not on your team." });
    expect(await setUserDisabled({ userId: other.admin.id, disabled: true })).toEqual({ ok: false, error: "That user is not on your team." });
  });

  it("switches the environment per user, with an audit row", async () => {
    await as("viewer");
    const fd = new FormData();
    fd.set("environment", "production");
    expect(await switchEnvironment(fd)).toEqual({ ok: true, data: { environment: "production" } });
    expect((await testDb().user.findUniqueOrThrow({ where: { id: team.viewer.id } })).environment).toBe("production");
    expect(await testDb().auditLog.count({ where: { action: "user.environment_switched", actorId: team.viewer.id } })).toBe(1);
  });
});
