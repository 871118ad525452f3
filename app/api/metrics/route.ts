import { metricsAccess } from "@/lib/metrics/access";
import { renderMetrics } from "@/lib/metrics/collect";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/**
 * Prometheus metrics: for the operator's token, this instance's counters plus cluster-wide gauges
 * from the database; for an admin, only their organization's gauges (lib/metrics/access.ts).
 */
export async function GET(request: Request): Promise<Response> {
  const access = await metricsAccess(request);
  if (!access.ok) {
    return Response.json(
      { error: access.error },
      { status: access.status, headers: { "Cache-Control": "no-store", ...(access.status === 401 ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : {}) } },
    );
  }
  return new Response(await renderMetrics(access.scope), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store" },
  });
}
