/**
 * GET route handlers for client-side refetch and polling: session and permission (401/403 JSON with
 * a sentence), query validation with zod (400 with field errors), upstream failures as JSON with the
 * user's sentence, and anything unexpected as 500 with a request id only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { zodFieldErrors } from "@/lib/actions/safe-action";
import type { Permission } from "@/lib/auth/permissions";
import { AuthorizationError, authorize, type CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { LedgerError } from "@/lib/upstream/ledger";

export interface RouteContext<Q> {
  user: CurrentUser;
  query: Q;
  request: Request;
  requestId: string;
  params: Record<string, string | string[] | undefined>;
}

export interface RouteError {
  error: string;
  code?: string;
  requestId?: string;
  fieldErrors?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** HTTP status our route answers for each upstream failure (the browser's key is not the problem). */
const STATUS_OF: Record<UpstreamErrorKind, number> = {
  no_key: 424,
  unauthorized: 424,
  missing_scope: 424,
  frozen: 424,
  validation: 400,
  refused: 400,
  not_found: 404,
  conflict: 409,
  in_progress: 409,
  rate_limited: 429,
  unavailable: 503,
  bad_response: 503,
};

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

export function defineRoute<Q extends z.ZodType = z.ZodObject<{}>>(
  def: { permission: Permission; query?: Q },
  handler: (ctx: RouteContext<z.output<Q>>) => Promise<unknown>,
): (request: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response> {
  return async (request, context) => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    try {
      const user = await authorize(def.permission);
      const url = new URL(request.url);
      const raw: Record<string, string> = {};
      for (const [k, v] of url.searchParams) raw[k] = v;
      const schema = (def.query ?? z.object({})) as Q;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) {
        return json({ error: "Some filters need attention.", fieldErrors: zodFieldErrors(parsed.error), requestId } satisfies RouteError, 400);
      }
      const params = (await context?.params) ?? {};
      const result = await handler({ user, query: parsed.data, request, requestId, params });
      if (result instanceof Response) return result;
      return json(result ?? null, 200);
    } catch (err) {
      if (err instanceof AuthorizationError) return json({ error: err.message } satisfies RouteError, err.status);
      if (err instanceof UpstreamError) {
        log.warn({ ...err.toLog(), route: new URL(request.url).pathname, requestId }, "route: upstream refused");
        const body: RouteError = { error: err.userMessage, code: err.code, requestId: err.requestId ?? requestId };
        if (Object.keys(err.fieldErrors).length > 0) body.fieldErrors = err.fieldErrors;
        const headers: Record<string, string> = {};
        if (err.retryAfterSeconds !== null) {
          body.retryAfterSeconds = Math.ceil(err.retryAfterSeconds);
          headers["Retry-After"] = String(Math.ceil(err.retryAfterSeconds));
        }
        return json(body, STATUS_OF[err.kind], headers);
      }
      if (err instanceof LedgerError) return json({ error: err.message, code: err.code } satisfies RouteError, 409);
      log.error({ err, route: new URL(request.url).pathname, requestId }, "route failed");
      return json({ error: `Something went wrong on our side. Reference ${requestId}.`, requestId } satisfies RouteError, 500);
    }
  };
}
