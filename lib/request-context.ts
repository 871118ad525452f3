import "server-only";
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
