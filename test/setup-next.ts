/**
 * Server actions and pages outside Next: request headers, cache revalidation and the Auth.js
 * session are replaced by test doubles. The session double runs the app's real session check
 * (lib/auth/callbacks.ts) on a stored token, so disabling a user ends their test session too.
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

vi.mock("@/lib/auth", async () => {
  const { checkSessionToken } = await import("@/lib/auth/callbacks");
  const { authConfig } = await import("@/lib/auth/config");
  return {
    oidcEnabled: () => false,
    signIn: async () => undefined,
    signOut: async () => undefined,
    handlers: {},
    auth: async () => {
      if (!testSession.token) return null;
      const token = await checkSessionToken({ token: { ...testSession.token } });
      if (!token) return null;
      return authConfig.callbacks.session({ session: { user: {}, expires: "" } as never, token } as never);
    },
  };
});
