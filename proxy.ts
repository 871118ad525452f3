import { type NextRequest, NextResponse } from "next/server";
import { type CookieToSet, clearedCookies, isDueForRenewal, readSession, renewedCookies, usesSecureCookies } from "@/lib/auth/session-cookie";
import { contentSecurityPolicy, newNonce, requestIdFrom } from "@/lib/security/csp";

const PUBLIC_PAGES = [/^\/sign-in$/, /^\/invite\/[^/]+$/];
const HSTS = "max-age=63072000; includeSubDomains";

const withCookies = (res: NextResponse, cookies: CookieToSet[]) => {
  for (const c of cookies) res.cookies.set(c.name, c.value, c.options);
  return res;
};

/**
 * Only checks that a valid, unexpired session cookie exists (no database here), renews it every 15
 * minutes and clears a broken one; pages, actions and route handlers check the user, their role
 * and the session version on the server (lib/auth/session.ts).
 */
export default async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");
  const requestId = requestIdFrom(req.headers.get("x-request-id"));
  const https = req.nextUrl.protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  // Development-only pages (the caught mail) do not exist in a production build: a plain 404, for
  // everyone, before any page streams (a streamed page's status is already 200 when it finds out).
  if (process.env.NODE_ENV === "production" && /^\/dev(\/|$)/.test(pathname)) {
    return new NextResponse("Not found", { status: 404, headers: { "X-Request-Id": requestId, "Content-Type": "text/plain" } });
  }
  const secure = usesSecureCookies(req.headers);
  const secret = process.env.AUTH_SECRET;
  const session = await readSession(req.cookies.getAll(), secure, secret);
  // Sign-in, sign-out and the environment switch write the cookie themselves (POSTs and Auth.js's
  // routes): a renewal or clearing of the old one in the same answer could undo theirs.
  const mayWriteCookie = (req.method === "GET" || req.method === "HEAD") && !pathname.startsWith("/api/auth/");
  const sessionCookies = !mayWriteCookie
    ? []
    : session.token && secret
      ? isDueForRenewal(session.token)
        ? await renewedCookies(session.token, secure, secret, session.names)
        : []
      : clearedCookies(session.names, secure);
  if (!isApi && !session.token && !PUBLIC_PAGES.some((p) => p.test(pathname))) {
    const url = new URL("/sign-in", req.nextUrl);
    if (pathname !== "/") url.searchParams.set("callbackUrl", pathname + search);
    // Often the first answer a visitor gets, so it carries HSTS and the request id too.
    const redirect = NextResponse.redirect(url);
    redirect.headers.set("X-Request-Id", requestId);
    if (https) redirect.headers.set("Strict-Transport-Security", HSTS);
    return withCookies(redirect, sessionCookies);
  }
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("x-request-id", requestId);
  headers.set("Content-Security-Policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  res.headers.set("X-Request-Id", requestId);
  if (https) res.headers.set("Strict-Transport-Security", HSTS);
  return withCookies(res, sessionCookies);
}

export const config = {
  // Static files of public/ that a browser fetches without the session cookie (the manifest) or
  // before anyone signs in (the icons) skip the sign-in redirect.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|apple-touch-icon.png|manifest.webmanifest|icons/).*)"],
};
