/**
 * The session cookie, read and renewed the way Auth.js reads and writes it (same names, salt,
 * encryption and chunks), without Auth.js's request pipeline. The proxy and every render and route
 * check the session; Auth.js did it by building a Request, running its whole `session` action and
 * encrypting a new cookie each time, which in a render is thrown away (a render cannot set
 * cookies). Sign-in and sign-out stay with Auth.js.
 *
 * No `server-only` here: the proxy imports it too.
 */
import { decode, encode, type JWT } from "next-auth/jwt";
import { SESSION_MAX_AGE_SECONDS, SESSION_UPDATE_AGE_SECONDS } from "./config";

const BASE_NAME = "authjs.session-token";
/** Auth.js's chunk size: a cookie of at most 4,096 bytes, less its name and attributes. */
const CHUNK_SIZE = 4096 - 160;

export interface CookieToSet {
  name: string;
  value: string;
  options: { httpOnly: true; sameSite: "lax"; path: "/"; secure: boolean; expires?: Date; maxAge?: number };
}

interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Whether the session cookie has its `__Secure-` name, decided as Auth.js decides it: the scheme of
 * AUTH_URL when set, else the forwarded protocol (Next sets it on every request; a proxy in front
 * sets its own), else https. A value that is not plainly "http" counts as https, so a cookie set
 * over plain HTTP is never read for an HTTPS request.
 */
export function usesSecureCookies(headers: HeaderSource, env: Record<string, string | undefined> = process.env): boolean {
  const envUrl = env.AUTH_URL ?? env.NEXTAUTH_URL;
  if (envUrl) return new URL(envUrl).protocol === "https:";
  const proto = (headers.get("x-forwarded-proto") ?? "https").trim().toLowerCase();
  return proto !== "http" && proto !== "http:";
}

export const sessionCookieName = (secure: boolean) => `${secure ? "__Secure-" : ""}${BASE_NAME}`;

/** The cookie itself or one of its chunks (`name.0`, `name.1`, ...), as Auth.js writes them. */
function chunkIndex(cookieName: string, name: string): number | null {
  if (cookieName === name) return 0;
  const m = cookieName.startsWith(`${name}.`) ? /^\d+$/.exec(cookieName.slice(name.length + 1)) : null;
  return m ? Number(m[0]) : null;
}

export interface ReadSession {
  /** The decrypted, unexpired token, or null. */
  token: JWT | null;
  /** The session cookies the request carried (chunks included): what to clear when the token is bad. */
  names: string[];
}

/** The session token of a request's cookies, or null when absent, forged, for the other scheme, or expired. */
export async function readSession(cookies: { name: string; value: string }[], secure: boolean, secret: string | undefined): Promise<ReadSession> {
  const name = sessionCookieName(secure);
  const parts = cookies
    .map((c) => ({ ...c, index: chunkIndex(c.name, name) }))
    .filter((c): c is { name: string; value: string; index: number } => c.index !== null && c.value !== "")
    .sort((a, b) => a.index - b.index);
  const names = parts.map((p) => p.name);
  const value = parts.map((p) => p.value).join("");
  if (!value || !secret) return { token: null, names };
  return { token: await decodeOnce(value, secret, name), names };
}

/** Auth.js's (and jose's) tolerance for clocks apart, in seconds. */
const CLOCK_TOLERANCE_SECONDS = 15;
/** Cookies already decrypted in this process: a person's cookie stays the same for 15 minutes. */
const decrypted = new Map<string, JWT>();
const MAX_DECRYPTED = 2_000;

/**
 * Decrypts the cookie, or returns what the same cookie (same bytes, secret and name) decrypted to
 * before, with its expiry checked again: each decryption is several Web Crypto calls (key
 * derivation, thumbprint, AES, HMAC), on every request twice (the proxy and the render). A copy
 * is returned, since the session check adds to the token it is given.
 */
async function decodeOnce(value: string, secret: string, salt: string): Promise<JWT | null> {
  const key = `${salt}\0${secret}\0${value}`;
  const now = Math.floor(Date.now() / 1000);
  const known = decrypted.get(key);
  if (known) {
    if (typeof known.exp !== "number" || known.exp + CLOCK_TOLERANCE_SECONDS >= now) return { ...known };
    decrypted.delete(key);
    return null;
  }
  try {
    // jose checks the expiry, with the same tolerance.
    const token = await decode({ token: value, secret, salt });
    if (!token) return null;
    if (decrypted.size >= MAX_DECRYPTED) decrypted.delete(decrypted.keys().next().value!);
    decrypted.set(key, token);
    return { ...token };
  } catch {
    return null;
  }
}

/**
 * Auth.js re-encrypted the cookie on every request to move its expiry; the session config's
 * `updateAge` (15 minutes) is how often that is worth doing. The session still ends 8 hours after
 * the last renewal, so at most 15 minutes earlier after the last request than it did.
 */
export function isDueForRenewal(token: JWT, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return typeof token.iat !== "number" || nowSeconds - token.iat >= SESSION_UPDATE_AGE_SECONDS;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true as const, sameSite: "lax" as const, path: "/" as const, secure });

/** Clears the given session cookies. */
export function clearedCookies(names: string[], secure: boolean): CookieToSet[] {
  return names.map((name) => ({ name, value: "", options: { ...cookieOptions(secure), maxAge: 0 } }));
}

/** The token again with a new expiry, as the cookies to set (chunked when long); chunks no longer used are cleared. */
export async function renewedCookies(token: JWT, secure: boolean, secret: string, present: string[]): Promise<CookieToSet[]> {
  const name = sessionCookieName(secure);
  const value = await encode({ token, secret, salt: name, maxAge: SESSION_MAX_AGE_SECONDS });
  const expires = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  const count = Math.ceil(value.length / CHUNK_SIZE);
  const set: CookieToSet[] =
    count === 1
      ? [{ name, value, options: { ...cookieOptions(secure), expires } }]
      : Array.from({ length: count }, (_, i) => ({
          name: `${name}.${i}`,
          value: value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE),
          options: { ...cookieOptions(secure), expires },
        }));
  const written = new Set(set.map((c) => c.name));
  return [
    ...clearedCookies(
      present.filter((n) => !written.has(n)),
      secure,
    ),
    ...set,
  ];
}
