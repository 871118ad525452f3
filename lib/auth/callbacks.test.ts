import { beforeEach, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { checkSessionToken, revokeSessionToken } from "./callbacks";

let team: Awaited<ReturnType<typeof createTeam>>;
beforeEach(async () => {
  team = await createTeam();
});

describe("session check on every request", () => {
  it("fills the token with the user's current role, organization and environment", async () => {
    const token = await checkSessionToken({ token: {}, user: { id: team.operator.id } });
    expect(token).toMatchObject({ uid: team.operator.id, role: "operator", org: team.org.id, env: "sandbox", tz: null });
  });

  it("carries the person's time zone as it is now, so a changed setting shows on the next page", async () => {
    const token = await checkSessionToken({ token: {}, user: { id: team.operator.id } });
    await testDb().user.update({ where: { id: team.operator.id }, data: { timeZone: "Africa/Lagos" } });
    expect(await checkSessionToken({ token: token! })).toMatchObject({ tz: "Africa/Lagos" });
  });

  it("ends the session at once when the user is disabled", async () => {
    const token = await checkSessionToken({ token: {}, user: { id: team.viewer.id } });
    await testDb().user.update({ where: { id: team.viewer.id }, data: { disabled: true } });
    expect(await checkSessionToken({ token: token! })).toBeNull();
  });

  it("ends older sessions when the session version moves (role change, re-enable)", async () => {
    const token = await checkSessionToken({ token: {}, user: { id: team.approver.id } });
    await testDb().user.update({ where: { id: team.approver.id }, data: { role: "viewer", sessionVersion: { increment: 1 } } });
    expect(await checkSessionToken({ token: token! })).toBeNull();
  });

  it("refuses a token without a user, without a session id, and of a user who no longer exists", async () => {
    expect(await checkSessionToken({ token: {} })).toBeNull();
    const token = await checkSessionToken({ token: {}, user: { id: team.operator.id } });
    expect(await checkSessionToken({ token: { ...token!, sid: undefined } })).toBeNull();
    expect(await checkSessionToken({ token: { uid: "00000000-0000-4000-8000-000000000000", sv: 1, sid: crypto.randomUUID() } })).toBeNull();
  });

  it("refuses a signed-out session even if its cookie comes back, and only that session", async () => {
    const signedOut = await checkSessionToken({ token: {}, user: { id: team.operator.id } });
    const otherDevice = await checkSessionToken({ token: {}, user: { id: team.operator.id } });
    expect(signedOut!.sid).not.toBe(otherDevice!.sid);
    await revokeSessionToken({ ...signedOut!, exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(await checkSessionToken({ token: signedOut! })).toBeNull();
    expect(await checkSessionToken({ token: otherDevice! })).toMatchObject({ uid: team.operator.id });
    await revokeSessionToken(signedOut); // twice is harmless
  });

  it("admits single sign-on only for an existing, enabled user", async () => {
    const { allowOidcSignIn } = await import("./callbacks");
    const issuer = "https://idp.test.example";
    expect(await allowOidcSignIn({ issuer, subject: `admin-${team.tag}`, email: team.admin.email.toUpperCase(), emailVerified: true })).toBe(true);
    expect(await allowOidcSignIn({ issuer, subject: `stranger-${team.tag}`, email: "stranger@elsewhere.example", emailVerified: true })).toBe(false);
    await testDb().user.update({ where: { id: team.viewer.id }, data: { disabled: true } });
    expect(await allowOidcSignIn({ issuer, subject: `viewer-${team.tag}`, email: team.viewer.email, emailVerified: true })).toBe(false);
  });
});
