import { randomUUID } from "node:crypto";
import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./config";
import { isDueForRenewal, readSession, renewedCookies, sessionCookieName, usesSecureCookies } from "./session-cookie";

const SECRET = "session-cookie-test-secret-0123456789";
const claims = { uid: randomUUID(), sv: 1, sid: randomUUID() };
const headers = (h: Record<string, string>) => new Headers(h);
afterEach(() => vi.useRealTimers());

/** A cookie as Auth.js's sign-in writes it. */
const signedIn = (name: string, maxAge = SESSION_MAX_AGE_SECONDS, secret = SECRET) => encode({ token: claims, secret, salt: name, maxAge });

describe("which cookie name a request uses", () => {
  it("follows the forwarded protocol, as Auth.js does, and AUTH_URL when set", () => {
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "http" }), {})).toBe(false);
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "https" }), {})).toBe(true);
    expect(usesSecureCookies(headers({}), {})).toBe(true);
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "http" }), { AUTH_URL: "https://ops.example.com" })).toBe(true);
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "https" }), { AUTH_URL: "http://localhost:3000" })).toBe(false);
  });

  it("treats anything but a plain http as https, so a cookie set over plain HTTP is not read", () => {
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "https, http" }), {})).toBe(true);
    expect(usesSecureCookies(headers({ "x-forwarded-proto": "" }), {})).toBe(true);
    expect(sessionCookieName(true)).toBe("__Secure-authjs.session-token");
    expect(sessionCookieName(false)).toBe("authjs.session-token");
  });
});

describe("reading the session cookie", () => {
  it("reads the cookie Auth.js wrote", async () => {
    const name = sessionCookieName(false);
    const { token, names } = await readSession([{ name, value: await signedIn(name) }], false, SECRET);
    expect(token).toMatchObject(claims);
    expect(names).toEqual([name]);
  });

  it("joins a chunked cookie in order", async () => {
    const name = sessionCookieName(true);
    const value = await signedIn(name);
    const cut = Math.floor(value.length / 2);
    const cookies = [
      { name: `${name}.1`, value: value.slice(cut) },
      { name: `${name}.0`, value: value.slice(0, cut) },
    ];
    expect((await readSession(cookies, true, SECRET)).token).toMatchObject(claims);
  });

  it("ignores a plain-HTTP cookie on an HTTPS request (a cookie tossed in by another site or network)", async () => {
    const plain = sessionCookieName(false);
    const { token, names } = await readSession([{ name: plain, value: await signedIn(plain) }], true, SECRET);
    expect(token).toBeNull();
    expect(names).toEqual([]);
  });

  it("refuses a token made for the other cookie name and moved under this one", async () => {
    const moved = await signedIn(sessionCookieName(false));
    const name = sessionCookieName(true);
    expect((await readSession([{ name, value: moved }], true, SECRET)).token).toBeNull();
  });

  it("refuses a token changed by one character, one made with another secret, and an expired one, and names them for clearing", async () => {
    const name = sessionCookieName(false);
    const good = await signedIn(name);
    const flipped = `${good.slice(0, 60)}${good[60] === "A" ? "B" : "A"}${good.slice(61)}`;
    for (const value of [flipped, await signedIn(name, SESSION_MAX_AGE_SECONDS, "another-secret-0123456789abcdef"), await signedIn(name, -60), "not-a-token"]) {
      const { token, names } = await readSession([{ name, value }], false, SECRET);
      expect(token).toBeNull();
      expect(names).toEqual([name]);
    }
  });

  it("reads a cookie it has read before from memory, and still refuses it once it has expired", async () => {
    const name = sessionCookieName(false);
    const issued = new Date("2026-11-27T09:00:00Z");
    vi.useFakeTimers({ toFake: ["Date"], now: issued });
    const cookie = [{ name, value: await signedIn(name, 60) }];
    expect((await readSession(cookie, false, SECRET)).token).toMatchObject(claims);
    vi.setSystemTime(issued.getTime() + 70_000); // past its expiry, within the 15 s tolerance
    expect((await readSession(cookie, false, SECRET)).token).toMatchObject(claims);
    vi.setSystemTime(issued.getTime() + 80_000);
    expect((await readSession(cookie, false, SECRET)).token).toBeNull();
    // Read again, from the cookie: still refused.
    expect((await readSession(cookie, false, SECRET)).token).toBeNull();
  });

  it("hands each caller its own copy: what the session check adds is not kept for the next request", async () => {
    const name = sessionCookieName(false);
    const cookie = [{ name, value: await signedIn(name) }];
    const first = (await readSession(cookie, false, SECRET)).token!;
    first.role = "admin";
    expect((await readSession(cookie, false, SECRET)).token!.role).toBeUndefined();
  });

  it("does not read a cookie decrypted before under another secret", async () => {
    const name = sessionCookieName(false);
    const cookie = [{ name, value: await signedIn(name) }];
    expect((await readSession(cookie, false, SECRET)).token).not.toBeNull();
    expect((await readSession(cookie, false, "rotated-secret-0123456789abcdef")).token).toBeNull();
  });

  it("reads nothing without a secret or a cookie", async () => {
    const name = sessionCookieName(false);
    expect((await readSession([{ name, value: await signedIn(name) }], false, undefined)).token).toBeNull();
    expect(await readSession([{ name: "other", value: "x" }], false, SECRET)).toEqual({ token: null, names: [] });
  });
});

describe("renewing the session cookie", () => {
  it("is due once the token is older than the session's update age", () => {
    const now = 1_800_000_000;
    expect(isDueForRenewal({ iat: now - SESSION_UPDATE_AGE_SECONDS + 1 }, now)).toBe(false);
    expect(isDueForRenewal({ iat: now - SESSION_UPDATE_AGE_SECONDS }, now)).toBe(true);
    expect(isDueForRenewal({}, now)).toBe(true);
  });

  it("writes the same session with a new expiry, readable as before", async () => {
    const name = sessionCookieName(true);
    const old = (await readSession([{ name, value: await signedIn(name, 60) }], true, SECRET)).token!;
    const set = await renewedCookies(old, true, SECRET, [name]);
    expect(set).toHaveLength(1);
    expect(set[0]).toMatchObject({ name, options: { httpOnly: true, sameSite: "lax", path: "/", secure: true } });
    expect(set[0]!.options.expires!.getTime()).toBeGreaterThan(Date.now() + (SESSION_MAX_AGE_SECONDS - 60) * 1000);
    const renewed = (await readSession([{ name, value: set[0]!.value }], true, SECRET)).token!;
    expect(renewed).toMatchObject(claims);
    expect(renewed.exp).toBeGreaterThan(old.exp as number);
  });

  it("clears the chunks of an earlier, longer cookie", async () => {
    const name = sessionCookieName(false);
    const set = await renewedCookies({ ...claims }, false, SECRET, [`${name}.0`, `${name}.1`]);
    expect(set.map((c) => [c.name, c.options.maxAge])).toEqual([
      [`${name}.0`, 0],
      [`${name}.1`, 0],
      [name, undefined],
    ]);
  });

  it("chunks a cookie too long for one, as Auth.js does", async () => {
    const name = sessionCookieName(false);
    const set = await renewedCookies({ ...claims, padding: "x".repeat(6000) }, false, SECRET, [name]);
    expect(set.map((c) => c.name)).toEqual([name, `${name}.0`, `${name}.1`, `${name}.2`]);
    expect(set[0]!.options.maxAge).toBe(0);
    const token = (await readSession(set.slice(1), false, SECRET)).token;
    expect(token?.padding).toHaveLength(6000);
  });
});
