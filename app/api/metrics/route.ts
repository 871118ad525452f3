import { metricsAccess } from "@/lib/metrics/access";
import { renderMetrics } from "@/lib/metrics/collect";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** Prometheus metrics of this instance (plus cluster-wide gauges from the database). */
export async function GET(request: Request): Promise<Response> {
  const access = await metricsAccess(request);
  if (!access.ok) {
    return Response.json({ error: access.error }, { status: access.status, headers: { "Cache-Control": "no-store", ...(access.status === 401 ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : {}) } });
  }
  return new Response(await renderMetrics(), {
    headers: { "Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store" },
  });
}
