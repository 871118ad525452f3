/**
 * The platform middleware every surface router runs before the module's routes, in this order:
 * request id, platform link, auth, rate limit, faults.
 */
import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { EmuEnv, EmulatorState, Environment, Surface } from "./contract";
import type { FaultStore } from "./faults";
import { isWalletPath } from "./faults";
import { coreError, envelopeError, surfaceError, surfaceOf } from "./http";
import type { RateLimiter } from "./rate-limit";
import { endpointOf, type RequestCounter } from "./request-counter";
import type { RequestPlatform } from "./request-platform";
import { setRequestPlatform } from "./request-platform";

export function requestIdMiddleware(): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    const id = `req_${randomUUID().replace(/-/g, "")}`;
    c.set("requestId", id);
    c.header("X-Request-Id", id);
    await next();
    // Responses built with `new Response` (e.g. idempotent replays) bypass c.header.
    if (!c.res.headers.has("X-Request-Id")) {
      try {
        c.res.headers.set("X-Request-Id", id);
      } catch {
        c.res = new Response(c.res.body, c.res);
        c.res.headers.set("X-Request-Id", id);
      }
    }
  };
}

export function platformMiddleware(platform: RequestPlatform): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    setRequestPlatform(c, platform);
    await next();
  };
}

function unauthorized(c: Context, surface: Surface, message: string): Response {
  if (surface === "core") return coreError(c, 401, "unauthorized", message);
  return envelopeError(c, 401, "API_KEY_INVALID", message);
}

const KEY_SHAPE = /^[A-Za-z0-9_]{8,200}$/;

/**
 * X-Api-Key auth. Keys are tied to one merchant and one environment: a key of the other
 * environment is refused like an unknown one (spec: 401). `daya_sk_` keys are Pro keys only.
 */
export function authMiddleware(surface: Surface, mode: Environment, state: () => EmulatorState): MiddlewareHandler<EmuEnv> {
  const ownPrefix = mode === "sandbox" ? "sk_sandbox_" : "sk_live_";
  const otherPrefix = mode === "sandbox" ? "sk_live_" : "sk_sandbox_";
  return async (c, next) => {
    const key = c.req.header("x-api-key")?.trim() ?? "";
    if (key === "") return unauthorized(c, surface, "Missing API key: send it in the X-Api-Key header.");
    if (!KEY_SHAPE.test(key)) return unauthorized(c, surface, "Malformed API key.");
    const isPro = key.startsWith("daya_sk_");
    if (key.startsWith(otherPrefix)) {
      return unauthorized(
        c,
        surface,
        mode === "sandbox"
          ? "This is a production key (sk_live_); the sandbox accepts only sandbox keys (sk_sandbox_)."
          : "This is a sandbox key (sk_sandbox_); production accepts only production keys (sk_live_).",
      );
    }
    if (isPro && surface !== "pro") return unauthorized(c, surface, "daya_sk_ keys are valid on the Pro surface only.");
    if (!isPro && !key.startsWith(ownPrefix)) return unauthorized(c, surface, "Malformed API key.");

    const s = state();
    const record = s.keys.find((k) => k.key === key);
    if (!record || record.revoked) return unauthorized(c, surface, "Invalid or revoked API key.");
    if (record.environment !== mode) return unauthorized(c, surface, "This API key belongs to the other environment.");
    const merchant = s.merchants.find((m) => m.id === record.merchant_id);
    if (!merchant) return unauthorized(c, surface, "Invalid or revoked API key.");
    c.set("auth", { key: record, merchant });
    await next();
  };
}

/** Counts each authenticated request and its answer (after auth, before the rate limit, so 429s count too). */
export function requestCounterMiddleware(counter: RequestCounter): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    try {
      await next();
    } finally {
      counter.record(c.get("auth").key.key, c.res.status, endpointOf(c.req.method, new URL(c.req.url).pathname));
    }
  };
}

export function rateLimitMiddleware(limiter: RateLimiter): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    const decision = limiter.check(c.get("auth").key.key);
    if (!decision.allowed) return tooManyRequests(c, decision.retryAfterSeconds);
    await next();
  };
}

export function tooManyRequests(c: Context, retryAfterSeconds: number): Response {
  c.header("Retry-After", String(retryAfterSeconds));
  // No figure in the text: the same answer serves the configured limit and the 429-storm fault.
  const message = `Rate limit exceeded for this API key. Retry after ${retryAfterSeconds} s.`;
  return surfaceError(c, 429, surfaceErrorCode(c, 429), message, { retry_after_seconds: retryAfterSeconds });
}

const CORE_CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "unauthorized",
  403: "forbidden",
  404: "NOT_FOUND",
  409: "conflict",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  502: "bad_gateway",
  503: "service_unavailable",
  504: "gateway_timeout",
};
const ENVELOPE_CODES: Record<number, string> = {
  400: "VALIDATION_ERROR",
  401: "API_KEY_INVALID",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  422: "VALIDATION_ERROR",
  429: "RATE_LIMIT_EXCEEDED",
  500: "INTERNAL_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
  504: "GATEWAY_TIMEOUT",
};

/** The conventional error code for a status in the serving surface's style. */
export function surfaceErrorCode(c: Context, status: number): string {
  const surface = surfaceOf(c);
  const core = surface === null || surface === "core";
  return (core ? CORE_CODES[status] : ENVELOPE_CODES[status]) ?? (core ? `http_${status}` : `HTTP_${status}`);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** `timeout: true` holds the request until the client gives up, at most this long. */
const HANG_LIMIT_MS = 10 * 60_000;

export function faultMiddleware(surface: Surface, faults: FaultStore): MiddlewareHandler<EmuEnv> {
  return async (c, next) => {
    if (faults.size === 0) return next();
    const fired = faults.match(c.req.method, c.req.path);
    if (fired.length === 0) return next();

    const latency = fired.reduce((sum, f) => sum + (f.latency_ms ?? 0), 0);
    if (latency > 0) await sleep(latency, c.req.raw.signal);

    const hang = fired.find((f) => f.timeout !== undefined && f.timeout !== false);
    if (hang) {
      const holdMs = hang.timeout === true ? HANG_LIMIT_MS : (hang.timeout as number);
      await sleep(holdMs, c.req.raw.signal);
      return surfaceError(c, 504, surfaceErrorCode(c, 504), "Injected fault: the upstream did not answer in time.");
    }

    const storm = fired.find((f) => f.rate_limit_storm);
    if (storm) return tooManyRequests(c, storm.retry_after_seconds ?? 60);

    if (fired.some((f) => f.wallet_unavailable) && isWalletPath(surface, c.req.path)) {
      return surfaceError(c, 503, surfaceErrorCode(c, 503), "Wallet service temporarily unavailable. Retry later.");
    }

    const failing = fired.find((f) => f.error_status !== undefined);
    if (failing && failing.error_status !== undefined) {
      const status = failing.error_status;
      if (status === 429) return tooManyRequests(c, failing.retry_after_seconds ?? 60);
      return surfaceError(c, status, failing.error_code ?? surfaceErrorCode(c, status), `Injected fault: HTTP ${status}.`);
    }

    await next();

    if (fired.some((f) => f.malformed_json)) {
      const original = c.res;
      const text = await original.text();
      // Cut the body in half (at least one character) so it no longer parses as JSON.
      const cut = text.length > 1 ? text.slice(0, Math.floor(text.length / 2)) : "{";
      const headers = new Headers(original.headers);
      headers.set("Content-Type", "application/json");
      headers.delete("Content-Length");
      // Clear first: Hono's setter would otherwise copy the old headers onto the new response.
      c.res = undefined as unknown as Response;
      c.res = new Response(cut, { status: original.status, headers });
    }
  };
}
