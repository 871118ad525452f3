/** The small plumbing the typed surface clients share. */
import type { z } from "zod";
import type { Query, UpstreamClient, UpstreamResult } from "./http";
import type { HttpMethod, UpstreamSurface, UpstreamTarget, WriteAttempt } from "./types";

export interface SurfaceCtx extends UpstreamTarget {
  client: UpstreamClient;
}

export interface ReadOptions {
  /** Fresh-for time of the shared cache (ALWAYS_ASK: always ask, fall back to the last answer); `false` skips it. */
  cache?: { ttlMs: number } | false;
  timeoutMs?: number;
}

export function readFrom<S extends z.ZodType>(
  surface: UpstreamSurface,
  ctx: SurfaceCtx,
  path: string,
  schema: S,
  query?: Query,
  opts: ReadOptions = {},
): Promise<UpstreamResult<z.output<S>>> {
  return ctx.client.request({ surface, environment: ctx.environment, organizationId: ctx.organizationId, method: "GET", path, query, schema, ...opts });
}

/** A POST that changes nothing upstream (quotes, bank-account resolution): retried like a read, never cached. */
export function askFrom<S extends z.ZodType>(
  surface: UpstreamSurface,
  ctx: SurfaceCtx,
  path: string,
  body: unknown,
  schema: S,
): Promise<UpstreamResult<z.output<S>>> {
  return ctx.client.request({ surface, environment: ctx.environment, organizationId: ctx.organizationId, method: "POST", path, body, schema, retry: true });
}

export function writeTo<S extends z.ZodType>(
  surface: UpstreamSurface,
  ctx: SurfaceCtx,
  w: {
    operation: string;
    method: HttpMethod;
    path: string;
    body?: unknown;
    schema: S;
    attempt: WriteAttempt;
    retry?: boolean;
    prepareBody?: (key: string) => unknown;
  },
): Promise<UpstreamResult<z.output<S>>> {
  return ctx.client.write({ surface, environment: ctx.environment, organizationId: ctx.organizationId, ...w });
}

export const enc = encodeURIComponent;
