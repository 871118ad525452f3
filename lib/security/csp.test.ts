import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, newNonce, requestIdFrom } from "./csp";

describe("content security policy", () => {
  it("has no unsafe-eval in production and forbids framing", () => {
    const csp = contentSecurityPolicy("abc", { dev: false });
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
  });

  it("allows eval only in development (React's dev tools need it)", () => {
    expect(contentSecurityPolicy("abc", { dev: true })).toContain("'unsafe-eval'");
  });

  it("makes a different nonce each time", () => {
    expect(newNonce()).not.toBe(newNonce());
  });

  it("keeps a sane incoming request id and replaces a hostile one", () => {
    expect(requestIdFrom("req_12345678")).toBe("req_12345678");
    expect(requestIdFrom("bad\r\nheader: x")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
