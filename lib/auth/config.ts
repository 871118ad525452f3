/**
 * The part of the Auth.js configuration that needs no database: shared by the proxy (which only
 * checks that a signed, unexpired session cookie exists) and by the full setup in ./index.ts.
 */
import type { NextAuthConfig } from "next-auth";
import type { Environment } from "@/lib/generated/prisma/enums";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60; // a working day; then sign in again

export const authConfig = {
  trustHost: true,
  pages: { signIn: "/sign-in", error: "/sign-in" },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS, updateAge: 15 * 60 },
  providers: [],
  callbacks: {
    session({ session, token }) {
      if (token.uid) {
        session.user = {
          ...session.user,
          id: String(token.uid),
          role: String(token.role ?? ""),
          organizationId: String(token.org ?? ""),
          environment: token.env === "production" ? "production" : "sandbox",
          timeZone: typeof token.tz === "string" ? token.tz : null,
        };
      }
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
