import NextAuth from "next-auth";
import { NextResponse } from "next/server";
import { authConfig } from "@/lib/auth/config";
import { contentSecurityPolicy, newNonce, requestIdFrom } from "@/lib/security/csp";

// Only checks that a valid session cookie exists (no database here); pages and actions check the
// user, their role and the session version on the server.
const { auth } = NextAuth(authConfig);

const PUBLIC_PAGES = [/^\/sign-in$/, /^\/invite\/[^/]+$/];

export default auth((req) => {
  const { pathname, search } = req.nextUrl;
  const isApi = pathname.startsWith("/api/");
  if (!isApi && !req.auth && !PUBLIC_PAGES.some((p) => p.test(pathname))) {
    const url = new URL("/sign-in", req.nextUrl);
    if (pathname !== "/") url.searchParams.set("callbackUrl", pathname + search);
    return NextResponse.redirect(url);
  }
  const nonce = newNonce();
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestId = requestIdFrom(req.headers.get("x-request-id"));
  const headers = new Headers(req.headers);
  headers.set("x-nonce", nonce);
  headers.set("x-request-id", requestId);
  headers.set("Content-Security-Policy", csp);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("Content-Security-Policy", csp);
  res.headers.set("X-Request-Id", requestId);
  const https = req.nextUrl.protocol === "https:" || req.headers.get("x-forwarded-proto") === "https";
  if (https) res.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return res;
});

export const config = {
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
