import "server-only";
import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { writeAudit } from "@/lib/audit";
import { db } from "@/lib/db";
import { requestContext } from "@/lib/request-context";
import { SESSION_MAX_AGE_SECONDS } from "./config";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SessionUserRow {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: string;
  environment: "sandbox" | "production";
  timeZone: string | null;
  disabled: boolean;
  sessionVersion: number;
  revoked: boolean;
}

/**
 * Runs on every `auth()` call: the session lives only while the user exists, is enabled and has
 * the same session version (bumped on disable, role or password change), so a disabled user is
 * signed out on their very next request and a new role applies at once; and only while this
 * session (its `sid`) was not signed out.
 */
export async function checkSessionToken(args: {
  token: JWT;
  user?: { id?: string | null; email?: string | null } | null;
  /** At single sign-on: the identity `allowOidcSignIn` admitted (and bound). */
  oidc?: { issuer: string; subject: string };
}): Promise<JWT | null> {
  const { token, user, oidc } = args;
  if (user) {
    const row = oidc
      ? await db.user.findUnique({ where: { oidcIssuer_oidcSubject: { oidcIssuer: oidc.issuer, oidcSubject: oidc.subject } } })
      : await db.user.findUnique({ where: { id: String(user.id) } });
    if (!row) return null;
    token.uid = row.id;
    token.sv = row.sessionVersion;
    token.sid = randomUUID();
  }
  if (typeof token.uid !== "string" || !UUID.test(token.uid) || typeof token.sid !== "string" || !UUID.test(token.sid)) return null;
  // Every request of every page runs this: one statement, the user and the revocation together.
  const [row] = await db.$queryRaw<SessionUserRow[]>`
    SELECT u.id, u.organization_id AS "organizationId", u.email, u.name, u.role::text AS role, u.environment::text AS environment,
      u.time_zone AS "timeZone", u.disabled, u.session_version AS "sessionVersion",
      EXISTS (SELECT 1 FROM revoked_sessions r WHERE r.id = ${token.sid}::uuid) AS revoked
    FROM users u WHERE u.id = ${token.uid}::uuid`;
  if (!row || row.disabled || row.sessionVersion !== token.sv || row.revoked) return null;
  token.role = row.role;
  token.org = row.organizationId;
  token.env = row.environment;
  token.name = row.name;
  token.tz = row.timeZone;
  token.email = row.email;
  return token;
}

export interface OidcIdentity {
  /** The configured issuer, and the subject it gives this person (`sub`, stable per person). */
  issuer: string;
  subject: string;
  email: string | null | undefined;
  /** The `email_verified` claim as the identity provider sent it. */
  emailVerified: unknown;
}

/**
 * Single sign-on admits only people an admin already added; it never creates accounts. The first
 * time, the person is found by an email the identity provider says it verified, and the user is
 * bound to that issuer and subject. From then on only that subject signs in as this user: another
 * subject claiming the same email (a renamed or re-created account at the provider, or someone who
 * registered the address there) is refused.
 */
export async function allowOidcSignIn(identity: OidcIdentity): Promise<boolean> {
  const { issuer, subject } = identity;
  if (!issuer || !subject) return false;
  const bound = await db.user.findUnique({ where: { oidcIssuer_oidcSubject: { oidcIssuer: issuer, oidcSubject: subject } } });
  if (bound) return !bound.disabled;

  // Some providers send the claim as a string.
  const verified = identity.emailVerified === true || identity.emailVerified === "true";
  if (!verified || !identity.email) return false;
  const user = await db.user.findUnique({ where: { email: identity.email.trim().toLowerCase() } });
  if (!user || user.disabled || user.oidcSubject !== null) return false;
  const ctx = await requestContext();
  return db.$transaction(async (tx) => {
    // Only while still unbound: of two first sign-ins at once, one binds and the other is refused.
    const { count } = await tx.user.updateMany({ where: { id: user.id, oidcSubject: null }, data: { oidcIssuer: issuer, oidcSubject: subject } });
    if (count !== 1) return false;
    await writeAudit(tx, { id: user.id, email: user.email, organizationId: user.organizationId }, ctx, {
      action: "auth.sso_linked",
      targetType: "user",
      targetId: user.id,
      after: { issuer, subject },
    });
    return true;
  });
}

/**
 * Sign-out: deleting the cookie is not enough, since a request still in flight can set it again.
 * The session id is refused from now until the token would have expired; older entries are swept.
 */
export async function revokeSessionToken(token: JWT | null | undefined): Promise<void> {
  if (!token || typeof token.sid !== "string" || !UUID.test(token.sid) || typeof token.uid !== "string") return;
  const expiresAt = new Date(typeof token.exp === "number" ? token.exp * 1000 : Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db.$transaction([
    db.revokedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } }),
    db.revokedSession.upsert({ where: { id: token.sid }, create: { id: token.sid, userId: token.uid, expiresAt }, update: {} }),
  ]);
}
