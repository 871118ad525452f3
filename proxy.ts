import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/auth/config";
import { contentSecurityPolicy, newNonce, requestIdFrom } from "@/lib/security/csp";

// Only checks that a valid session cookie exists (no database here); pages and actions check the
// user, their role and the session version on the server.
const { auth } = NextAuth(authConfig);

const PUBLIC_PAGES = [/^\/sign-in$/, /^\/invite\/[^/]+$/];
const HSTS = "max-age=63072000; includeSubDomains";

export default auth((req) => {
  const { pathname, search } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");
  const requestId = requestIdFrom(req.headers.get("x-request-id"));
  const https = req.nextUrl.protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  // Development-only pages (the caught mail) do not exist in a production build: a plain 404, for
  // everyone, before any page streams (a streamed page's status is already 200 when it finds out).
  if (process.env.NODE_ENV === "production" && /^\/dev(\/|$)/.test(pathname)) {
    return new NextResponse("Not found", { status: 404, headers: { "X-Request-Id": requestId, "Content-Type": "text/plain" } });
  }
  if (!isApi && !req.auth && !PUBLIC_PAGES.some((p) => p.test(pathname))) {
    const url = new URL("/sign-in", req.nextUrl);
    if (pathname !== "/") url.searchParams.set("callbackUrl", pathname + search);
    // Often the first answer a visitor gets, so it carries HSTS and the request id too.
    const redirect = NextResponse.redirect(url);
    redirect.headers.set("X-Request-Id", requestId);
    if (https) redirect.headers.set("Strict-Transport-Security", HSTS);
    return redirect;
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
  return res;
});

export const config = {
  // Static files of public/ that a browser fetches without the session cookie (the manifest) or
  // before anyone signs in (the icons) skip the sign-in redirect.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|apple-touch-icon.png|manifest.webmanifest|icons/).*)"],
};
