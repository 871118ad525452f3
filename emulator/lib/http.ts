/**
 * Response and check helpers for surface modules (the contract's HttpHelpers), as plain functions.
 * Error shapes follow the spec: core `{ error: { code, message, details?, request_id } }`;
 * Coins, Stocks and Pro `{ success: false, message, error: { code, message, details?, fields? }, timestamp }`.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { EmuEnv, HttpHelpers, Scope, Surface } from "./contract";
import { requestFingerprint } from "./idempotency";
import { getRequestId, getRequestPlatform, surfaceOfPath } from "./request-platform";

function nowIso(c: Context): string {
  const platform = getRequestPlatform(c);
  return platform ? platform.clock.iso() : new Date().toISOString();
}

function status(code: number): ContentfulStatusCode {
  return code as ContentfulStatusCode;
}

export function coreError(c: Context, httpStatus: number, code: string, message: string, details?: unknown): Response {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  const requestId = getRequestId(c);
  if (requestId) error.request_id = requestId;
  return c.json({ error }, status(httpStatus));
}

export function ok(c: Context, data: unknown, httpStatus = 200, message?: string): Response {
  const body: Record<string, unknown> = { success: true };
  if (message !== undefined) body.message = message;
  body.data = data;
  body.timestamp = nowIso(c);
  return c.json(body, status(httpStatus));
}

export function envelopeError(c: Context, httpStatus: number, code: string, message: string, fields?: Record<string, string>, details?: unknown): Response {
  const error: Record<string, unknown> = { code, message };
  if (details !== undefined) error.details = details;
  if (fields !== undefined) error.fields = fields;
  return c.json({ success: false, message, error, timestamp: nowIso(c) }, status(httpStatus));
}

/** The surface serving this request (from the platform, else from the path). */
export function surfaceOf(c: Context): Surface | null {
  return getRequestPlatform(c)?.surface ?? surfaceOfPath(c.req.path);
}

/** An error in the shape of the surface serving the request (core shape outside any surface). */
export function surfaceError(c: Context, httpStatus: number, code: string, message: string, details?: unknown): Response {
  const surface = surfaceOf(c);
  if (surface === null || surface === "core") return coreError(c, httpStatus, code, message, details);
  return envelopeError(c, httpStatus, code, message, undefined, details);
}

export function requireScope(scope: Scope): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    const auth = c.get("auth");
    if (!auth?.key.scopes.includes(scope)) {
      return surfaceError(c, 403, "API_KEY_INVALID_SCOPE", `This API key lacks the ${scope} scope required for this endpoint.`, {
        required_scope: scope,
      });
    }
    await next();
  };
}

export function blockIfFrozen(): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    const auth = c.get("auth");
    if (auth?.merchant.frozen) {
      return surfaceError(
        c,
        403,
        "merchant_frozen",
        "The merchant account is frozen or suspended; new funding accounts, conversions, transfers and withdrawals are blocked. Contact support.",
      );
    }
    await next();
  };
}

const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export function idempotent(): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    const platform = getRequestPlatform(c);
    const auth = c.get("auth");
    if (!platform || !auth) {
      // Only reachable if a module mounts this outside a surface router: a platform bug.
      throw new Error("idempotent() used on a route without the platform's auth middleware");
    }
    const key = c.req.header("x-idempotency-key")?.trim() ?? "";
    if (key === "") {
      return surfaceError(
        c,
        400,
        "IDEMPOTENCY_KEY_REQUIRED",
        "The X-Idempotency-Key header is required for this request. Send a new unique value for each new write attempt and reuse it only to retry the exact same request.",
      );
    }
    if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
      return surfaceError(c, 400, "IDEMPOTENCY_KEY_INVALID", `The X-Idempotency-Key header must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters.`);
    }

    const rawBody = await c.req.text();
    const fingerprint = requestFingerprint(c.req.method, c.req.path, rawBody);
    const merchantId = auth.merchant.id;
    const store = platform.idempotency;

    const previous = store.get(merchantId, key);
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        return surfaceError(
          c,
          409,
          "IDEMPOTENCY_KEY_REUSED",
          "This X-Idempotency-Key was already used with a different request. Use a new key for a new write.",
        );
      }
      const headers = new Headers({ "Content-Type": previous.contentType, "Idempotent-Replayed": "true" });
      const requestId = getRequestId(c);
      if (requestId) headers.set("X-Request-Id", requestId);
      return new Response(previous.body, { status: previous.status, headers });
    }

    if (!store.begin(merchantId, key)) {
      return surfaceError(
        c,
        409,
        "IDEMPOTENCY_REQUEST_IN_PROGRESS",
        "A request with this X-Idempotency-Key is still being processed. Retry after it completes.",
      );
    }

    let record: { fingerprint: string; status: number; body: string; contentType: string } | undefined;
    try {
      await next();
      const res = c.res;
      // 5xx and 429 are transient: the client must be able to retry them with the same key.
      if (res.status < 500 && res.status !== 429) {
        record = {
          fingerprint,
          status: res.status,
          body: await res.clone().text(),
          contentType: res.headers.get("Content-Type") ?? "application/json",
        };
      }
    } finally {
      store.finish(merchantId, key, record);
    }
  };
}

/** The contract's helper bundle, for modules that prefer one import. */
export const http: HttpHelpers = { coreError, ok, envelopeError, requireScope, blockIfFrozen, idempotent };
