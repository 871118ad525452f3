import "server-only";
import { randomUUID } from "node:crypto";
import type { JWT } from "next-auth/jwt";
import { db } from "@/lib/db";
import { SESSION_MAX_AGE_SECONDS } from "./config";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs on every `auth()` call: the session lives only while the user exists, is enabled and has
 * the same session version (bumped on disable, role or password change), so a disabled user is
 * signed out on their very next request and a new role applies at once; and only while this
 * session (its `sid`) was not signed out.
 */
export async function checkSessionToken(args: {
  token: JWT;
  user?: { id?: string | null; email?: string | null } | null;
  provider?: string;
}): Promise<JWT | null> {
  const { token, user, provider } = args;
  if (user) {
    const row =
      provider === "oidc"
        ? await db.user.findUnique({ where: { email: String(user.email).toLowerCase() } })
        : await db.user.findUnique({ where: { id: String(user.id) } });
    if (!row) return null;
    token.uid = row.id;
    token.sv = row.sessionVersion;
    token.sid = randomUUID();
  }
  if (!token.uid || typeof token.sid !== "string" || !UUID.test(token.sid)) return null;
  const [row, revoked] = await Promise.all([
    db.user.findUnique({ where: { id: String(token.uid) } }),
    db.revokedSession.findUnique({ where: { id: token.sid }, select: { id: true } }),
  ]);
  if (!row || row.disabled || row.sessionVersion !== token.sv || revoked) return null;
  token.role = row.role;
  token.org = row.organizationId;
  token.env = row.environment;
  token.name = row.name;
  token.email = row.email;
  return token;
}

/** Single sign-on admits only people an admin already added; it never creates accounts. */
export async function allowOidcSignIn(email: string | null | undefined): Promise<boolean> {
  const existing = email ? await db.user.findUnique({ where: { email: email.toLowerCase() } }) : null;
  return Boolean(existing && !existing.disabled);
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
