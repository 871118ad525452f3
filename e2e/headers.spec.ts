import { expect, test, type APIRequestContext, type APIResponse } from "./fixtures";
import { NAV } from "../lib/nav";
import { ROLES, storageStateOf, type E2ERole } from "./roles";

// Every page of the navigation (read from lib/nav.ts, so a page added there is checked the day it
// is added), for every role, whether or not the role may open it, plus the public pages.
const NAV_PAGES = [...new Set(NAV.flatMap((area) => area.items.map((item) => item.href)))];
const PUBLIC_PAGES = ["/sign-in", "/invite/not-a-real-token-but-long-enough", "/forbidden"];

// `next dev` needs 'unsafe-eval' for its hot reload; the built app (what npm test runs) must not.
const DEV_SERVER = process.env.E2E_DEV_SERVER === "1";

function expectSecurityHeaders(res: APIResponse, where: string, https: boolean) {
  const h = res.headers();
  // A redirect has no document to protect; every page itself carries the full policy.
  if (res.status() < 300 || res.status() >= 400) {
    const csp = h["content-security-policy"] ?? "";
    expect(csp, `CSP on ${where}`).toContain("frame-ancestors 'none'");
    expect(csp, `CSP on ${where}`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp, `CSP on ${where}`).toContain("object-src 'none'");
    expect(csp, `CSP on ${where}`).toContain("base-uri 'self'");
    if (!DEV_SERVER) expect(csp, `CSP on ${where}`).not.toContain("unsafe-eval");
  }
  expect(h["x-content-type-options"], where).toBe("nosniff");
  expect(h["referrer-policy"], where).toBe("strict-origin-when-cross-origin");
  expect(h["x-frame-options"], where).toBe("DENY");
  expect(h["x-request-id"], where).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  expect(h["x-powered-by"], where).toBeUndefined();
  if (https) expect(h["strict-transport-security"], where).toMatch(/max-age=\d{7,}; includeSubDomains/);
  else expect(h["strict-transport-security"], `no HSTS over plain HTTP on ${where}`).toBeUndefined();
}

/** Follows redirects by hand so every hop (e.g. a refused role sent to /forbidden) is checked. */
async function checkEveryHop(request: APIRequestContext, path: string, https: boolean): Promise<string[]> {
  const hops: string[] = [];
  let url = path;
  for (let i = 0; i < 5; i++) {
    const res = await request.get(url, { maxRedirects: 0, headers: https ? { "x-forwarded-proto": "https" } : {} });
    hops.push(`${url} ${res.status()}`);
    expect(res.status(), `${path}: ${hops.join(" -> ")}`).toBeLessThan(500);
    expectSecurityHeaders(res, `${path} (${hops.join(" -> ")})`, https);
    const location = res.headers()["location"];
    if (res.status() < 300 || res.status() >= 400 || !location) return hops;
    const next = new URL(location, "http://placeholder");
    url = next.pathname + next.search;
  }
  throw new Error(`too many redirects from ${path}: ${hops.join(" -> ")}`);
}

test.describe("security headers and cookies", () => {
  // Each test reads on its own (no shared state, no order): the project's two workers split them.
  test.describe.configure({ mode: "parallel" });
  for (const path of [...PUBLIC_PAGES, ...NAV_PAGES]) {
    test(`${path} carries the security headers, signed out`, async ({ playwright, baseURL }) => {
      const request = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      await checkEveryHop(request, path, false);
      await request.dispose();
    });
  }

  for (const role of ROLES) {
    for (const path of [...NAV_PAGES, "/forbidden"]) {
      test(`${path} carries the security headers, as ${role}`, async ({ playwright, baseURL }) => {
        const request = await playwright.request.newContext({ baseURL, storageState: storageStateOf(role as E2ERole) });
        await checkEveryHop(request, path, false);
        await request.dispose();
      });
    }
  }

  test("HSTS is sent only over HTTPS (as the load balancer reports it)", async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL, storageState: storageStateOf("viewer") });
    for (const path of ["/sign-in", "/", NAV_PAGES[NAV_PAGES.length - 1]!]) await checkEveryHop(request, path, true);
    await request.dispose();
  });

  test("the session cookie is httpOnly and SameSite", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("viewer") });
    const cookie = (await context.cookies()).find((c) => c.name.includes("session-token"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await context.close();
  });

  test("the build's scripts are not sniffed and are cached for a year; document-only headers stay off them", async ({ request }) => {
    const html = await (await request.get("/sign-in")).text();
    const scripts = [...html.matchAll(/src="(\/_next\/static\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(3);
    for (const src of scripts) {
      const h = (await request.get(src)).headers();
      expect(h["content-type"], src).toMatch(/javascript/);
      expect(h["x-content-type-options"], src).toBe("nosniff");
      expect(h["cache-control"], src).toContain("immutable");
      // Each would cost every page's 15-18 script requests their bytes, and says nothing to a script.
      for (const name of ["x-frame-options", "referrer-policy", "permissions-policy", "cross-origin-opener-policy"])
        expect(h[name], `${name} on ${src}`).toBeUndefined();
    }
  });

  test("without a session the session endpoint returns nothing; health answers", async ({ request }) => {
    const res = await request.get("/api/auth/session");
    expect(res.status()).toBe(200);
    expect(await res.json()).toBeNull();
    const health = await request.get("/api/health");
    expect(await health.json()).toEqual({ status: "ok" });
  });
});
