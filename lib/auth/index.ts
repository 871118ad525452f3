import "server-only";
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { env } from "@/lib/env";
import { allowOidcSignIn, checkSessionToken, revokeSessionToken } from "./callbacks";
import { authConfig } from "./config";
import { authorizeCredentials } from "./credentials";

function oidcProvider(): NextAuthConfig["providers"] {
  const e = env();
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) return [];
  return [{ id: "oidc", name: e.OIDC_NAME, type: "oidc", issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }];
}

export const oidcEnabled = () => oidcProvider().length > 0;

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  ...authConfig,
  secret: env().AUTH_SECRET,
  providers: [
    Credentials({ credentials: { email: {}, password: {} }, authorize: (raw, request) => authorizeCredentials(raw, request.headers) }),
    ...oidcProvider(),
  ],
  callbacks: {
    ...authConfig.callbacks,
    signIn: ({ user, account }) => (account?.provider === "oidc" ? allowOidcSignIn(user.email) : true),
    jwt: ({ token, user, account }) => checkSessionToken({ token, user, provider: account?.provider }),
  },
  events: {
    signOut: async (message) => {
      if ("token" in message) await revokeSessionToken(message.token);
    },
  },
}));
