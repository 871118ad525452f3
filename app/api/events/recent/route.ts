import { db } from "@/lib/db";
import { defineRoute } from "@/lib/http/route";
import type { RecentEvent } from "@/lib/live/recent-event";

export const dynamic = "force-dynamic";

/** The organization's latest events in the user's current environment, newest first. */
export const GET = defineRoute({ permission: "events:read" }, async ({ user }) => {
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
  return { events };
});
