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

// The issuer is the configured one (Auth.js checks that the ID token came from it) and the subject
// the token's own `sub`: Auth.js's account id falls back to a random one when `sub` is missing.
const oidcIdentity = (profile: { sub?: string | null } | undefined) => ({
  issuer: env().OIDC_ISSUER ?? "",
  subject: typeof profile?.sub === "string" ? profile.sub : "",
});

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
    signIn: ({ account, profile }) =>
      account?.provider === "oidc" ? allowOidcSignIn({ ...oidcIdentity(profile), email: profile?.email, emailVerified: profile?.email_verified }) : true,
    jwt: ({ token, user, account, profile }) => checkSessionToken({ token, user, oidc: account?.provider === "oidc" ? oidcIdentity(profile) : undefined }),
  },
  events: {
    signOut: async (message) => {
      if ("token" in message) await revokeSessionToken(message.token);
    },
  },
}));
