/**
 * Server actions and pages outside Next: request headers, cache revalidation and the Auth.js
 * session cookie are replaced by test doubles. The app's real session check (lib/auth/session.ts,
 * lib/auth/callbacks.ts) runs on a stored token, so disabling a user ends their test session too.
 */
import { vi } from "vitest";
import { testSession } from "./session";

vi.mock("next/headers", () => ({
  headers: async () => new Headers(testSession.headers),
  cookies: async () => ({ get: () => undefined, set: () => undefined, delete: () => undefined }),
}));

vi.mock("next/cache", () => ({ revalidatePath: () => undefined, revalidateTag: () => undefined }));

vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${to}`), { digest: `NEXT_REDIRECT;${to}` });
  },
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
}));

vi.mock("@/lib/auth", () => ({
  oidcEnabled: () => false,
  signIn: async () => undefined,
  signOut: async () => undefined,
  handlers: {},
}));

// The cookie's decryption is tested in lib/auth/session-cookie.test.ts; the app's session check
// (lib/auth/session.ts) runs for real on the stored token.
vi.mock("@/lib/auth/request-session", () => ({
  requestSessionToken: async () => (testSession.token ? { ...testSession.token } : null),
}));
