import { AuthorizationError, authorize } from "@/lib/auth/session";
import { eventsCsvStream } from "@/lib/webhooks/csv";
import { parseEventFilters } from "@/lib/webhooks/query";

export const dynamic = "force-dynamic";

/** The event log's filtered set as CSV (every matching row, not one page), in the user's current environment. */
export async function GET(request: Request): Promise<Response> {
  let user;
  try {
    user = await authorize("events:read");
  } catch (err) {
    if (err instanceof AuthorizationError) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
  const { page: _page, ...filters } = parseEventFilters(new URL(request.url).searchParams);
  void _page;
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(eventsCsvStream(user.organizationId, user.environment, filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="events-${user.environment}-${stamp}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
