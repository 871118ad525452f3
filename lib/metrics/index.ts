/**
 * The instrumentation hooks, one line at each place that observes something: route handlers and
 * server actions (lib/http/route.ts, lib/server-actions/safe-action.ts), upstream calls
 * (lib/upstream/http.ts) and webhook intake. Pure in-memory counting, so it is safe on every hot
 * path and in scripts; `renderMetrics` (./collect.ts) adds the database gauges at scrape time.
 */
import { Counter, Histogram } from "./registry";

/** What a budget key hash is used for; the metrics label by these only, never by the key or its record. */
export interface BudgetKeyInfo {
  surface: string;
  environment: string;
}

function create() {
  return {
    requests: new Counter("merchant_ops_requests_total", "Route handler and server action calls by outcome."),
    requestSeconds: new Histogram("merchant_ops_request_duration_seconds", "Route handler and server action latency."),
    upstreamCalls: new Counter("merchant_ops_upstream_requests_total", "HTTP calls to the provider by surface, environment, method and status (0: no answer)."),
    upstreamErrors: new Counter("merchant_ops_upstream_errors_total", "Failed calls to the provider by surface, environment and error code."),
    upstreamSeconds: new Histogram("merchant_ops_upstream_request_duration_seconds", "Latency of calls to the provider by surface."),
    webhooks: new Counter("merchant_ops_webhook_deliveries_total", "Webhook deliveries received, by environment, surface and answer status."),
    /** Budget key hash -> the surface and environment it serves, for keys this instance has used. */
    budgetKeys: new Map<string, BudgetKeyInfo>(),
  };
}

// On globalThis: Next can load this module once per bundle (routes, actions) and again on reload,
// and every copy must count into the same registry.
const g = globalThis as unknown as { merchantOpsMetrics?: ReturnType<typeof create> };
export const metrics = (g.merchantOpsMetrics ??= create());

export type RequestOutcome = "ok" | "invalid" | "unauthenticated" | "forbidden" | "upstream_error" | "error";

export function observeRequest(kind: "route" | "action", name: string, outcome: RequestOutcome, status: number | null, seconds: number): void {
  metrics.requests.inc({ kind, name, outcome, status: status === null ? "" : String(status) });
  metrics.requestSeconds.observe({ kind, name }, seconds);
}

export function observeUpstream(o: { surface: string; environment: string; method: string; status: number | null; code?: string; seconds: number }): void {
  metrics.upstreamCalls.inc({ surface: o.surface, environment: o.environment, method: o.method, status: String(o.status ?? 0) });
  metrics.upstreamSeconds.observe({ surface: o.surface }, o.seconds);
  if (o.code) metrics.upstreamErrors.inc({ surface: o.surface, environment: o.environment, code: o.code });
}

export function observeWebhook(environment: string, surface: string, status: number): void {
  metrics.webhooks.inc({ environment, surface, status: String(status) });
}

export function noteBudgetKey(hash: string, info: BudgetKeyInfo): void {
  if (!metrics.budgetKeys.has(hash)) metrics.budgetKeys.set(hash, info);
}

/** A route's path with its dynamic segments named, so ids do not become label values. */
export function routeName(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const byValue = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v) byValue.set(encodeURIComponent(v), `[${name}]`);
  }
  return pathname
    .split("/")
    .map((seg) => byValue.get(seg) ?? seg)
    .join("/");
}
