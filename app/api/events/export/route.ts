import { defineRoute } from "@/lib/http/route";
import { eventsCsvStream } from "@/lib/webhooks/csv";
import { loadEventFilters } from "@/lib/webhooks/event-filters";
import { viewerTimeZone } from "@/lib/time-zone/current";

export const dynamic = "force-dynamic";

/** The event log's filtered set as CSV (every matching row, not one page), in the user's current environment. */
export const GET = defineRoute({ permission: "events:read" }, async ({ user, request }) => {
  const { page: _page, ...filters } = loadEventFilters(request);
  void _page;
  const stamp = new Date().toISOString().slice(0, 10);
  const { zone } = await viewerTimeZone(user.id);
  return new Response(eventsCsvStream(user.organizationId, user.environment, filters, zone), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="events-${user.environment}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
