/**
 * Security promise of adding a teammate: an admin cannot learn whether an email has an account in
 * another organization. The answer is the same as for a new person, and the other account is left
 * exactly as it was.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { acceptInvite } from "@/lib/team/accept-invite";
import { addUser } from "@/lib/team/add-user";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

let mine: Awaited<ReturnType<typeof createTeam>>;
let theirs: Awaited<ReturnType<typeof createTeam>>;

beforeAll(async () => {
  [mine, theirs] = await Promise.all([createTeam(), createTeam()]);
  signInAs(await testDb().user.findUniqueOrThrow({ where: { id: mine.admin.id } }));
});

/** The answer with its random parts (id, token, exact expiry second) replaced by their form. */
const shape = (r: Awaited<ReturnType<typeof addUser>>) =>
  JSON.parse(
    JSON.stringify(r)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      .replace(/\/invite\/[A-Za-z0-9_-]{43}/g, "/invite/<token>")
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "<time>"),
  );

describe("adding a teammate does not reveal accounts of other organizations", () => {
  it("answers an email with an account elsewhere exactly as a new one", async () => {
    const fresh = await addUser({ name: "New Person", email: `fresh-${mine.tag}@test.example`, role: "viewer" });
    const taken = await addUser({ name: "New Person", email: theirs.approver.email, role: "viewer" });
    expect(fresh.ok).toBe(true);
    expect(shape(taken)).toEqual(shape(fresh));
  });

  it("leaves the other organization's account untouched and adds nothing here", async () => {
    const before = await testDb().user.findUniqueOrThrow({ where: { id: theirs.viewer.id } });
    const r = await addUser({ name: "Someone", email: theirs.viewer.email.toUpperCase(), role: "admin" });
    expect(r.ok).toBe(true);
    expect(await testDb().user.findUniqueOrThrow({ where: { id: theirs.viewer.id } })).toEqual(before);
    expect(await testDb().user.count({ where: { organizationId: mine.org.id, email: theirs.viewer.email } })).toBe(0);
    expect(await testDb().invite.count({ where: { userId: theirs.viewer.id } })).toBe(0);
    expect(await testDb().auditLog.count({ where: { organizationId: mine.org.id, action: "team.user_added", targetId: theirs.viewer.id } })).toBe(0);
    // Its link opens nothing: no one can set the other account's password with it.
    if (!r.ok) throw new Error(r.error);
    signOutTest();
    const token = r.data.invite.url.split("/").pop()!;
    expect(await acceptInvite({ token, password: "a long enough password", confirm: "a long enough password" })).toMatchObject({ ok: false });
    expect((await testDb().user.findUniqueOrThrow({ where: { id: theirs.viewer.id } })).passwordHash).toBe(before.passwordHash);
    signInAs(await testDb().user.findUniqueOrThrow({ where: { id: mine.admin.id } }));
  });

  it("still says plainly when the person is already on this team", async () => {
    expect(await addUser({ name: "Dup", email: mine.operator.email, role: "viewer" })).toMatchObject({
      ok: false,
      fieldErrors: { email: "This email is already on the team." },
    });
  });
});
