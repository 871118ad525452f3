import { AuthorizationError, authorize } from "@/lib/auth/session";
import { db } from "@/lib/db";
import type { RecentEvent } from "@/lib/live/recent-event";
import { log } from "@/lib/log";
import { requestContext } from "@/lib/request-context";

export const dynamic = "force-dynamic";

/** The organization's latest events in the user's current environment, newest first. */
export async function GET() {
  const { requestId } = await requestContext();
  try {
    const user = await authorize("events:read");
    const rows = await db.webhookEvent.findMany({
      where: { organizationId: user.organizationId, environment: user.environment },
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      take: 10,
      select: { id: true, name: true, resourceType: true, resourceId: true, resourceStatus: true, occurredAt: true, receivedAt: true },
    });
    const events: RecentEvent[] = rows.map((r) => ({
      ...r,
      occurredAt: r.occurredAt?.toISOString() ?? null,
      receivedAt: r.receivedAt.toISOString(),
    }));
    return Response.json({ events }, { headers: { "Cache-Control": "no-store" } });
  } catch (err) {
    if (err instanceof AuthorizationError) return Response.json({ error: err.message }, { status: err.status });
    log.error({ err, requestId }, "recent events failed");
    return Response.json({ error: `Recent events could not be loaded. Try again; if it keeps failing, quote reference ${requestId}.` }, { status: 500 });
  }
}
