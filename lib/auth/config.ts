/**
 * The part of the Auth.js configuration that needs no database, used by the full setup in
 * ./index.ts; its session mapping and ages are shared with the session check of every request
 * (./session-cookie.ts, ./session.ts).
 */
import type { NextAuthConfig } from "next-auth";
import type { JWT } from "next-auth/jwt";
import type { Environment } from "@/lib/generated/prisma/enums";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60; // a working day; then sign in again
/** How often a request renews the session cookie's expiry (lib/auth/session-cookie.ts). */
export const SESSION_UPDATE_AGE_SECONDS = 15 * 60;

/** The session's user as the app reads it from a checked token (lib/auth/callbacks.ts fills it from the database). */
export function sessionUser(token: JWT) {
  return {
    id: String(token.uid),
    name: typeof token.name === "string" ? token.name : "",
    email: typeof token.email === "string" ? token.email : "",
    role: String(token.role ?? ""),
    organizationId: String(token.org ?? ""),
    environment: (token.env === "production" ? "production" : "sandbox") as Environment,
    timeZone: typeof token.tz === "string" ? token.tz : null,
  };
}

export const authConfig = {
  trustHost: true,
  pages: { signIn: "/sign-in", error: "/sign-in" },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
  providers: [],
  callbacks: {
    session({ session, token }) {
      if (token.uid) session.user = { ...session.user, ...sessionUser(token) };
      return session;
    },
  },
} satisfies NextAuthConfig;

declare module "next-auth" {
  interface Session {
    user: {
      id: string;
      name?: string | null;
      email?: string | null;
      role: string;
      organizationId: string;
      environment: Environment;
      /** The person's chosen time zone (null: follow the browser), read with the session check. */
      timeZone: string | null;
    };
  }
}
