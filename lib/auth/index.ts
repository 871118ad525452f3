import "server-only";
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { writeAudit } from "@/lib/audit";
import { contextFromHeaders } from "@/lib/request-context";
import { authConfig } from "./config";
import { verifyPassword } from "./password";
import { clearFailures, lockedUntil, recordFailure, throttleKey } from "./throttle";

/** Codes reach the sign-in form, which turns them into sentences (never hinting which part was wrong). */
export class InvalidCredentials extends CredentialsSignin {
  code = "invalid";
}
export class AccountDisabled extends CredentialsSignin {
  code = "disabled";
}
export class Throttled extends CredentialsSignin {
  constructor(until: Date) {
    super();
    this.code = `throttled:${Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000))}`;
  }
}

const credentialsSchema = z.object({ email: z.string().trim().toLowerCase().email().max(320), password: z.string().min(1).max(256) });

function oidcProvider(): NextAuthConfig["providers"] {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return [];
  return [
    {
      id: "oidc",
      name: e.OIDC_NAME,
      type: "oidc",
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    },
  ];
}

export const oidcEnabled = () => oidcProvider().length > 0;

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  secret: env().AUTH_SECRET,
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidCredentials();
        const { email, password } = parsed.data;
        const ctx = contextFromHeaders(request.headers);
        const address = ctx.ip ?? "unknown";
        const lock = await lockedUntil(db, [throttleKey("account", email), throttleKey("address", address)]);
        if (lock) throw new Throttled(lock);

        const user = await db.user.findUnique({ where: { email } });
        const ok = await verifyPassword(user?.passwordHash, password);
        if (!user || !ok) {
          const locks = await Promise.all([recordFailure(db, "account", email), recordFailure(db, "address", address)]);
          const until = locks.filter((d): d is Date => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
          if (until) throw new Throttled(until);
          throw new InvalidCredentials();
        }
        if (user.disabled) throw new AccountDisabled();
        await clearFailures(db, "account", email);
        await db.$transaction(async (tx) => {
          await tx.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
          await writeAudit(tx, { id: user.id, email: user.email, organizationId: user.organizationId }, ctx, {
            action: "auth.sign_in",
            targetType: "user",
            targetId: user.id,
          });
        });
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
    ...oidcProvider(),
  ],
  callbacks: {
    ...authConfig.callbacks,
    async signIn({ user, account }) {
      if (account?.provider !== "oidc") return true;
      // Single sign-on admits only people an admin already added; it never creates accounts.
      const existing = user.email ? await db.user.findUnique({ where: { email: user.email.toLowerCase() } }) : null;
      return Boolean(existing && !existing.disabled);
    },
    /**
     * Runs on every `auth()` call: the session lives only while the user exists, is enabled and
     * has the same session version (bumped on disable, role or password change), so a disabled
     * user is signed out on their very next request.
     */
    async jwt({ token, user, account }) {
      if (user) {
        const row =
          account?.provider === "oidc"
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
    },
  },
});
