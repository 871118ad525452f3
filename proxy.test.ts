/**
 * The proxy's session gate, driven with the requests a browser (or someone forging one) sends. It
 * only checks the cookie; the user behind it is checked by every page, action and route
 * (lib/auth/session.ts, test/authz-matrix.test.ts).
 */
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "@/lib/auth/config";
import { readSession, sessionCookieName } from "@/lib/auth/session-cookie";
import proxy from "./proxy";

const SECRET = process.env.AUTH_SECRET!;
const claims = { uid: randomUUID(), sv: 1, sid: randomUUID() };

function request(path: string, opts: { cookie?: string; proto?: "http" | "https"; method?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-proto": opts.proto ?? "http" };
  if (opts.cookie) headers.cookie = opts.cookie;
  return new NextRequest(`http://localhost:3000${path}`, { method: opts.method ?? "GET", headers });
}

const cookieOf = async (secure: boolean, ageSeconds = 0) => {
  const name = sessionCookieName(secure);
  vi.setSystemTime(Date.now() - ageSeconds * 1000);
  const value = await encode({ token: claims, secret: SECRET, salt: name, maxAge: SESSION_MAX_AGE_SECONDS });
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  return `${name}=${value}`;
};

const NOW = new Date("2026-11-27T09:00:00Z");
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: NOW }));
afterEach(() => vi.useRealTimers());

const setCookies = (res: Response) => res.headers.getSetCookie();

describe("the proxy's session gate", () => {
  it("lets a valid session through to the page, writing no cookie while it is fresh", async () => {
    const res = await proxy(request("/transfers", { cookie: await cookieOf(false, 60) }));
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("x-middleware-next")).toBe("1");
    expect(setCookies(res)).toEqual([]);
  });

  it("renews a session older than the update age, for eight hours from now", async () => {
    const res = await proxy(request("/transfers", { cookie: await cookieOf(true, SESSION_UPDATE_AGE_SECONDS + 5), proto: "https" }));
    const [set] = setCookies(res);
    expect(set).toMatch(/^__Secure-authjs\.session-token=/);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/Secure/);
    expect(set).toMatch(/SameSite=lax/i);
    const value = set!.split(";")[0]!.split("=")[1]!;
    const { token } = await readSession([{ name: sessionCookieName(true), value }], true, SECRET);
    expect(token).toMatchObject(claims);
    expect(token!.exp).toBe(Math.floor(NOW.getTime() / 1000) + SESSION_MAX_AGE_SECONDS);
  });

  it("sends a page request without a session to sign-in, keeping where it was going", async () => {
    const res = await proxy(request("/transfers?status=pending"));
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("http://localhost:3000/sign-in?callbackUrl=%2Ftransfers%3Fstatus%3Dpending");
  });

  it("does not accept an expired, forged or foreign-scheme cookie, and clears a broken one", async () => {
    const plain = await cookieOf(false);
    const expired = await cookieOf(false, SESSION_MAX_AGE_SECONDS + 60);
    const forged = `${sessionCookieName(false)}=${await encode({ token: { ...claims, role: "admin" }, secret: "guessed-secret-0123456789abcdef", salt: sessionCookieName(false), maxAge: 600 })}`;
    for (const cookie of [expired, forged]) {
      const res = await proxy(request("/settings/team", { cookie }));
      expect(res.headers.get("location")).toMatch(/\/sign-in\?callbackUrl=%2Fsettings%2Fteam$/);
      expect(setCookies(res)).toEqual([expect.stringMatching(/^authjs\.session-token=;.*Max-Age=0/i)]);
    }
    // A cookie set over plain HTTP (or tossed in by a sibling site) is not the session of an HTTPS request.
    const res = await proxy(request("/settings/team", { cookie: plain, proto: "https" }));
    expect(res.headers.get("location")).toMatch(/\/sign-in/);
  });

  it("leaves the cookie alone on a POST and on Auth.js's own routes, which write it themselves", async () => {
    const stale = await cookieOf(false, SESSION_UPDATE_AGE_SECONDS + 5);
    expect(setCookies(await proxy(request("/settings/team", { cookie: stale, method: "POST" })))).toEqual([]);
    expect(setCookies(await proxy(request("/api/auth/session", { cookie: stale })))).toEqual([]);
    expect(setCookies(await proxy(request("/api/auth/signout", { cookie: "authjs.session-token=broken", method: "POST" })))).toEqual([]);
  });

  it("answers API requests without a session itself: the route handler says 401", async () => {
    const res = await proxy(request("/api/transfers"));
    expect(res.headers.get("location")).toBeNull();
    expect(res.headers.get("x-middleware-next")).toBe("1");
  });

  it("lets the sign-in and invitation pages through without a session", async () => {
    for (const path of ["/sign-in", "/invite/abc123"]) expect((await proxy(request(path))).headers.get("location")).toBeNull();
  });
});
