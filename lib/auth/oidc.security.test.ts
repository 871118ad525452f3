/**
 * Security promise of single sign-on: a person is found by email only when the identity provider
 * says it verified that email, and only the first time; then the user is bound to the issuer's
 * subject, and a different subject claiming the same email is refused.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createTeam, testDb } from "@/test/factories";
import { allowOidcSignIn, checkSessionToken } from "./callbacks";

const issuer = "https://idp.test.example";
let team: Awaited<ReturnType<typeof createTeam>>;
beforeEach(async () => {
  team = await createTeam();
});

describe("single sign-on links a person by a verified email, then by the issuer's subject", () => {
  it("refuses an email the identity provider did not verify", async () => {
    const claim = { issuer, subject: `sub-${team.tag}`, email: team.approver.email };
    expect(await allowOidcSignIn({ ...claim, emailVerified: false })).toBe(false);
    expect(await allowOidcSignIn({ ...claim, emailVerified: undefined })).toBe(false);
    expect(await allowOidcSignIn({ ...claim, emailVerified: "false" })).toBe(false);
    expect((await testDb().user.findUniqueOrThrow({ where: { id: team.approver.id } })).oidcSubject).toBeNull();
  });

  it("binds the user to the subject at the first sign-in and refuses another subject with the same email", async () => {
    const owner = { issuer, subject: `owner-${team.tag}`, email: team.approver.email, emailVerified: true };
    expect(await allowOidcSignIn(owner)).toBe(true);
    expect(await testDb().user.findUniqueOrThrow({ where: { id: team.approver.id } })).toMatchObject({ oidcIssuer: issuer, oidcSubject: owner.subject });
    const audit = await testDb().auditLog.findFirstOrThrow({ where: { action: "auth.sso_linked", targetId: team.approver.id } });
    expect(audit.after).toEqual({ issuer, subject: owner.subject });

    // Someone else at the provider (or at another issuer) now claims the same verified email.
    expect(await allowOidcSignIn({ ...owner, subject: `impostor-${team.tag}` })).toBe(false);
    expect(await allowOidcSignIn({ ...owner, issuer: "https://other-idp.test.example" })).toBe(false);
    // The bound subject still signs in, even after its email changed at the provider.
    expect(await allowOidcSignIn({ ...owner, email: "renamed@elsewhere.example", emailVerified: false })).toBe(true);
  });

  it("opens the session of the bound user only, whatever email the token carries", async () => {
    const owner = { issuer, subject: `owner-${team.tag}`, email: team.operator.email, emailVerified: true };
    expect(await allowOidcSignIn(owner)).toBe(true);
    const session = await checkSessionToken({ token: {}, user: { email: team.admin.email }, oidc: { issuer, subject: owner.subject } });
    expect(session).toMatchObject({ uid: team.operator.id, role: "operator" });
    expect(await checkSessionToken({ token: {}, user: { email: team.operator.email }, oidc: { issuer, subject: `impostor-${team.tag}` } })).toBeNull();
  });

  it("refuses a bound user once disabled", async () => {
    const owner = { issuer, subject: `owner-${team.tag}`, email: team.viewer.email, emailVerified: true };
    expect(await allowOidcSignIn(owner)).toBe(true);
    await testDb().user.update({ where: { id: team.viewer.id }, data: { disabled: true } });
    expect(await allowOidcSignIn(owner)).toBe(false);
  });
});
