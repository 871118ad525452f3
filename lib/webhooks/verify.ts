/**
 * Signature checks exactly as the provider signs: HMAC-SHA256 of the raw body with the webhook
 * secret, lowercase hex. Core sends it bare in `X-Daya-Signature`; Pro sends `sha256=<hex>` in
 * `X-Webhook-Signature`. Comparison is constant time on equal-length buffers.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type WebhookSurface = "core" | "pro";

export const SIGNATURE_HEADER: Record<WebhookSurface, string> = {
  core: "x-daya-signature",
  pro: "x-webhook-signature",
};

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** The signature bytes from the header, or why there are none (a rejection reason). */
export function parseSignature(surface: WebhookSurface, header: string | null): { ok: true; digest: Buffer } | { ok: false; reason: string } {
  const value = header?.trim();
  if (!value) return { ok: false, reason: "missing signature" };
  let hex = value;
  if (surface === "pro") {
    if (!value.toLowerCase().startsWith("sha256=")) return { ok: false, reason: "malformed signature" };
    hex = value.slice("sha256=".length);
  }
  if (!HEX_SHA256.test(hex)) return { ok: false, reason: "malformed signature" };
  return { ok: true, digest: Buffer.from(hex, "hex") };
}

export function hmacDigest(secret: string, body: Uint8Array): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

export function digestMatches(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The header value the provider would send for this body (tests, benchmark, tooling). */
export function signBody(surface: WebhookSurface, secret: string, body: string | Uint8Array): string {
  const hex = createHmac("sha256", secret).update(body).digest("hex");
  return surface === "pro" ? `sha256=${hex}` : hex;
}
