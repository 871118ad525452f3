import { readiness } from "@/lib/metrics/ready";

// Readiness for the load balancer: public on purpose; says only which dependency is down.
export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  const r = await readiness();
  const body = r.ready ? { status: "ready", checks: r.checks } : { status: "not ready", reason: r.reason, checks: r.checks };
  return Response.json(body, { status: r.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
