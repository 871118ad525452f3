import { expect, test } from "@playwright/test";
import { storageStateOf } from "./roles";

test.describe("security headers and cookies", () => {
  test("pages carry a strict CSP and the other security headers", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("viewer") });
    for (const path of ["/sign-in", "/", "/forbidden"]) {
      const res = await context.request.get(path);
      const h = res.headers();
      expect(h["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(h["content-security-policy"], path).not.toContain("unsafe-eval");
      expect(h["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(h["x-frame-options"], path).toBe("DENY");
      expect(h["x-request-id"], path).toBeTruthy();
      expect(h["x-powered-by"], path).toBeUndefined();
    }
    await context.close();
  });

  test("the session cookie is httpOnly and SameSite", async ({ browser }) => {
    const context = await browser.newContext({ storageState: storageStateOf("viewer") });
    const cookie = (await context.cookies()).find((c) => c.name.includes("session-token"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    await context.close();
  });

  test("without a session the session endpoint returns nothing; health answers", async ({ request }) => {
    const res = await request.get("/api/auth/session");
    expect(res.status()).toBe(200);
    expect(await res.json()).toBeNull();
    const health = await request.get("/api/health");
    expect(await health.json()).toEqual({ status: "ok" });
  });
});
