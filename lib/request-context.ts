import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { headers } from "next/headers";
import { randomUUID } from "node:crypto";
import { isIP } from "node:net";
import { env } from "@/lib/env";

export interface RequestContext {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
}

/** An address as a proxy or Next wrote it: IPv4-mapped IPv6 unwrapped, a port removed; null if not an address. */
function normalizeAddress(raw: string): string | null {
  let v = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracketed) v = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(":"));
  if (/^::ffff:[\d.]+$/i.test(v)) v = v.slice(7);
  return isIP(v) ? v.toLowerCase() : null;
}

/**
 * The client's address from X-Forwarded-For, trusting only the last `trustedProxies` entries: each
 * trusted proxy appends the address that connected to it, so the client is the right-most entry
 * they did not add, and anything left of it is whatever the client sent. With no proxy (0), the
 * single entry is the one Next wrote from the connection (Next writes it only when the request has
 * none, which is why the app must not be reachable except through its proxies; see
 * docs/deployment.md §5).
 */
export function clientAddress(forwardedFor: string | null, trustedProxies: number): string | null {
  const entries = (forwardedFor ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  // Fewer entries than proxies: the request skipped some of them, so the left-most is all there is.
  const index = Math.max(0, entries.length - Math.max(1, trustedProxies));
  return normalizeAddress(entries[index]!);
}

export function contextFromHeaders(h: Headers): RequestContext {
  return {
    // Set by proxy.ts on every request, so one id follows a call through logs and audit rows.
    requestId: h.get("x-request-id") ?? randomUUID(),
    ip: clientAddress(h.get("x-forwarded-for"), env().TRUSTED_PROXY_COUNT),
    userAgent: h.get("user-agent"),
  };
}

export async function requestContext(): Promise<RequestContext> {
  return contextFromHeaders(await headers());
}

// Kept on globalThis: Next may load this module more than once (route and action bundles, reloads),
// and every copy must see the same scope.
const g = globalThis as unknown as { requestScope?: AsyncLocalStorage<{ requestId: string }> };
const scope = (g.requestScope ??= new AsyncLocalStorage<{ requestId: string }>());

/**
 * Runs `fn` with `requestId` as the current request's id: every log line written and every upstream
 * call made inside it carries that id (see lib/log.ts and lib/upstream/http.ts).
 */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return scope.run({ requestId }, fn);
}

/** The id of the request being served, when inside `withRequestId`. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/**
 * The request id for work outside `withRequestId` too: a page render reads it from the headers the
 * proxy set. Undefined outside any request (scripts, workers).
 */
export async function ambientRequestId(): Promise<string | undefined> {
  const id = currentRequestId();
  if (id) return id;
  try {
    return (await headers()).get("x-request-id") ?? undefined;
  } catch (err) {
    // Next's own signals (e.g. "this render is dynamic") carry a digest and must reach Next.
    if (err && typeof err === "object" && "digest" in err) throw err;
    return undefined; // not inside a request
  }
}
