import "server-only";
import type { JWT } from "next-auth/jwt";
import { db } from "@/lib/db";

/**
 * Runs on every `auth()` call: the session lives only while the user exists, is enabled and has
 * the same session version (bumped on disable, role or password change), so a disabled user is
 * signed out on their very next request and a new role applies at once.
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
  }
  if (!token.uid) return null;
  const row = await db.user.findUnique({ where: { id: String(token.uid) } });
  if (!row || row.disabled || row.sessionVersion !== token.sv) return null;
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
