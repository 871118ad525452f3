/**
 * Per-request link from a Hono context to the emulator instance that serves it. The helpers in
 * http.ts are plain functions (no instance argument), and several emulators can run in one
 * process (tests), so each request carries its own instance in a context variable.
 */
import type { Context } from "hono";
import type { Clock, Surface } from "./contract";
import type { IdempotencyStore } from "./idempotency";

export interface RequestPlatform {
  surface: Surface;
  clock: Clock;
  idempotency: IdempotencyStore;
}

type PlatformVars = { Variables: { emulatorPlatform?: RequestPlatform; requestId?: string } };

export function setRequestPlatform(c: Context, platform: RequestPlatform): void {
  (c as unknown as Context<PlatformVars>).set("emulatorPlatform", platform);
}

export function getRequestPlatform(c: Context): RequestPlatform | undefined {
  return (c as unknown as Context<PlatformVars>).get("emulatorPlatform");
}

export function getRequestId(c: Context): string | undefined {
  return (c as unknown as Context<PlatformVars>).get("requestId");
}

/** The surface a path belongs to, for requests that never reached a surface router (404s). */
export function surfaceOfPath(path: string): Surface | null {
  if (path === "/v1" || path.startsWith("/v1/")) return "core";
  if (path === "/coins/v1" || path.startsWith("/coins/v1/")) return "coins";
  if (path === "/stocks/v1" || path.startsWith("/stocks/v1/")) return "stocks";
  if (path === "/pro/public/v1" || path.startsWith("/pro/public/v1/")) return "pro";
  return null;
}

export const SURFACE_BASE: Record<Surface, string> = {
  core: "/v1",
  coins: "/coins/v1",
  stocks: "/stocks/v1",
  pro: "/pro/public/v1",
};
