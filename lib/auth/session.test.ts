/**
 * The real Auth.js setup (lib/auth/index.ts), not the test double from test/setup-next.ts: sessions
 * end after SESSION_MAX_AGE_SECONDS, and the OIDC provider is registered only when its variables are set.
 */
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTeam } from "@/test/factories";
import { SESSION_MAX_AGE_SECONDS } from "./config";

type AuthModule = typeof import("./index");
const COOKIE = "authjs.session-token"; // over http; `__Secure-` prefixed over https

/** The app's auth module, loaded afresh with the current environment (env() is read once per load). */
async function loadAuth(): Promise<AuthModule> {
  vi.resetModules();
  return vi.importActual<AuthModule>("./index");
}

async function get(auth: AuthModule, path: string, cookie?: string) {
  const req = new NextRequest(`http://localhost:3000/api/auth/${path}`, { headers: cookie ? { cookie } : {} });
  const res = await auth.handlers.GET(req);
  return res.json();
}

const OIDC = { OIDC_ISSUER: "https://login.example.com", OIDC_CLIENT_ID: "merchant-ops", OIDC_CLIENT_SECRET: "oidc-secret-value", OIDC_NAME: "Example SSO" };

afterEach(() => {
  vi.useRealTimers();
  for (const k of Object.keys(OIDC)) delete process.env[k];
});

describe("session expiry", () => {
  let user: Awaited<ReturnType<typeof createTeam>>["viewer"];
  beforeAll(async () => {
    user = (await createTeam()).viewer;
  });

  it("is a working day", () => {
    expect(SESSION_MAX_AGE_SECONDS).toBe(8 * 60 * 60);
  });

  it("a session cookie the app issues works until 8 hours later, and not after", async () => {
    const auth = await loadAuth();
    const issuedAt = new Date("2026-06-01T08:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: issuedAt });
    // A just-signed-in token; the app answers with the session cookie it issues, under its own max age.
    const signedIn = await encode({
      token: { uid: user.id, sv: user.sessionVersion, sid: randomUUID() },
      secret: process.env.AUTH_SECRET!,
      salt: COOKIE,
      maxAge: 60,
    });
    const res = await auth.handlers.GET(new NextRequest("http://localhost:3000/api/auth/session", { headers: { cookie: `${COOKIE}=${signedIn}` } }));
    const issued = res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${COOKIE}=`))
      ?.split(";")[0]
      ?.slice(COOKIE.length + 1);
    expect(issued).toBeTruthy();
    expect((await res.json()).expires).toBe(new Date(issuedAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000).toISOString());
    const cookie = `${COOKIE}=${issued}`;

    vi.setSystemTime(new Date(issuedAt.getTime() + (SESSION_MAX_AGE_SECONDS - 60) * 1000));
    expect((await get(auth, "session", cookie))?.user).toMatchObject({ id: user.id, role: "viewer" });

    vi.setSystemTime(new Date(issuedAt.getTime() + (SESSION_MAX_AGE_SECONDS + 60) * 1000));
    expect((await get(auth, "session", cookie))?.user).toBeUndefined();
  });
});

describe("OIDC sign-in", () => {
  it("is registered when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set", async () => {
    Object.assign(process.env, OIDC);
    const auth = await loadAuth();
    expect(auth.oidcEnabled()).toBe(true);
    const providers = await get(auth, "providers");
    expect(providers.oidc).toMatchObject({ id: "oidc", name: "Example SSO", type: "oidc" });
    expect(providers.credentials).toMatchObject({ id: "credentials" });
  });

  it("is absent when they are not set", async () => {
    const auth = await loadAuth();
    expect(auth.oidcEnabled()).toBe(false);
    const providers = await get(auth, "providers");
    expect(Object.keys(providers)).toEqual(["credentials"]);
  });
});
