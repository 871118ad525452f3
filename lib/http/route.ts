/**
 * GET route handlers for client-side refetch and polling: session and permission (401/403 JSON with
 * a sentence), query validation with zod (400 with field errors), upstream failures as JSON with the
 * user's sentence, and anything unexpected as 500 with a request id only.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { createLoader, type inferParserType, type ParserMap } from "nuqs/server";
import { z } from "zod";
import { zodFieldErrors } from "@/lib/server-actions/safe-action";
import type { Permission } from "@/lib/auth/permissions";
import { AuthorizationError, authorize, type CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { observeRequest, routeName, type RequestOutcome } from "@/lib/metrics";
import { withRequestId } from "@/lib/request-context";
import { UpstreamError, type UpstreamErrorKind } from "@/lib/upstream/errors";
import { LedgerError } from "@/lib/upstream/ledger";
import { LedgerReadError } from "@/lib/ledger/read";

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
  upstreamRequestId?: string;
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

export interface RouteDef<Q extends z.ZodType = z.ZodType> {
  permission: Permission;
  query?: Q;
  /**
   * A list's filter definition (its nuqs parsers, `lib/<area>/filters.ts`), read with its loader
   * like the page does: an unknown value is dropped, never a 400.
   */
  filters?: ParserMap;
}

type Handler = (request: Request, context?: { params?: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

/** What each defined route checks, keyed by the handler, for the authorization matrix test. */
const ROUTES = new WeakMap<object, RouteDef>();

/** The definition behind a handler made by `defineRoute`, or undefined for any other function. */
export function routeDefinition(fn: unknown): RouteDef | undefined {
  return typeof fn === "function" ? ROUTES.get(fn) : undefined;
}

export function defineRoute<P extends ParserMap>(
  def: { permission: Permission; filters: P },
  handler: (ctx: RouteContext<inferParserType<P>>) => Promise<unknown>,
): Handler;
// biome-ignore lint/complexity/noBannedTypes: zod's object schema with no keys is ZodObject<{}>
export function defineRoute<Q extends z.ZodType = z.ZodObject<{}>>(def: RouteDef<Q>, handler: (ctx: RouteContext<z.output<Q>>) => Promise<unknown>): Handler;
export function defineRoute(def: RouteDef, handler: (ctx: RouteContext<unknown>) => Promise<unknown>): Handler {
  const loadFilters = def.filters ? createLoader(def.filters) : null;
  const execute = async (
    request: Request,
    requestId: string,
    context?: { params?: Promise<Record<string, string | string[] | undefined>> },
  ): Promise<[Response, RequestOutcome, Record<string, string | string[] | undefined>]> => {
    let params: Record<string, string | string[] | undefined> = {};
    const answer = (res: Response, outcome: RequestOutcome): [Response, RequestOutcome, typeof params] => [res, outcome, params];
    try {
      const user = await authorize(def.permission);
      const url = new URL(request.url);
      const raw: Record<string, string> = {};
      for (const [k, v] of url.searchParams) raw[k] = v;
      const parsed = loadFilters ? { success: true as const, data: loadFilters(url.searchParams) } : (def.query ?? z.object({})).safeParse(raw);
      if (!parsed.success) {
        return answer(
          json({ error: "Some filters need attention.", fieldErrors: zodFieldErrors(parsed.error), requestId } satisfies RouteError, 400),
          "invalid",
        );
      }
      params = (await context?.params) ?? {};
      const result = await handler({ user, query: parsed.data, request, requestId, params });
      if (result instanceof Response) return answer(result, result.status < 400 ? "ok" : "invalid");
      return answer(json(result ?? null, 200), "ok");
    } catch (err) {
      if (err instanceof AuthorizationError)
        return answer(json({ error: err.message } satisfies RouteError, err.status), err.status === 401 ? "unauthenticated" : "forbidden");
      if (err instanceof UpstreamError) {
        log.warn({ ...err.toLog(), route: new URL(request.url).pathname, requestId }, "route: upstream refused");
        // Our id, as in the logs and the X-Request-Id the provider received; theirs for their support.
        const body: RouteError = { error: err.userMessage, code: err.code, requestId };
        if (err.requestId && err.requestId !== requestId) body.upstreamRequestId = err.requestId;
        if (Object.keys(err.fieldErrors).length > 0) body.fieldErrors = err.fieldErrors;
        const headers: Record<string, string> = {};
        if (err.retryAfterSeconds !== null) {
          body.retryAfterSeconds = Math.ceil(err.retryAfterSeconds);
          headers["Retry-After"] = String(Math.ceil(err.retryAfterSeconds));
        }
        return answer(json(body, STATUS_OF[err.kind], headers), "upstream_error");
      }
      if (err instanceof LedgerError) return answer(json({ error: err.message, code: err.code } satisfies RouteError, 409), "invalid");
      // A filter the local copy refuses (e.g. a "from" day after "to"): the sentence says which.
      if (err instanceof LedgerReadError) return answer(json({ error: err.message } satisfies RouteError, 400), "invalid");
      log.error({ err, route: new URL(request.url).pathname, requestId }, "route failed");
      return answer(json({ error: `Something went wrong on our side. Reference ${requestId}.`, requestId } satisfies RouteError, 500), "error");
    }
  };
  const route: Handler = async (request, context) => {
    const requestId = request.headers.get("x-request-id") ?? randomUUID();
    const started = performance.now();
    // Everything the handler logs or sends upstream carries this request's id.
    const [res, outcome, params] = await withRequestId(requestId, () => execute(request, requestId, context));
    observeRequest("route", routeName(new URL(request.url).pathname, params), outcome, res.status, (performance.now() - started) / 1000);
    return res;
  };
  ROUTES.set(route, def);
  return route;
}
