import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { headers } from "next/headers";
import { randomUUID } from "node:crypto";

export interface RequestContext {
  requestId: string;
  ip: string | null;
  userAgent: string | null;
}

export function contextFromHeaders(h: Headers): RequestContext {
  const forwarded = h.get("x-forwarded-for")?.split(",")[0]?.trim();
  return {
    // Set by proxy.ts on every request, so one id follows a call through logs and audit rows.
    requestId: h.get("x-request-id") ?? randomUUID(),
    ip: forwarded || h.get("x-real-ip") || null,
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
