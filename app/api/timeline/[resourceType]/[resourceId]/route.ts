import { AuthorizationError, authorize } from "@/lib/auth/session";
import { getTimeline } from "@/lib/webhooks/query";

export const dynamic = "force-dynamic";

const RESOURCE_TYPE = /^[a-z0-9_]{1,40}$/;

/** A resource's timeline for client refetches (the live stream says when), current environment only. */
export async function GET(_request: Request, context: { params: Promise<{ resourceType: string; resourceId: string }> }): Promise<Response> {
  let user;
  try {
    user = await authorize("data:read");
  } catch (err) {
    if (err instanceof AuthorizationError) return Response.json({ error: err.message }, { status: err.status });
    throw err;
  }
  const { resourceType, resourceId } = await context.params;
  if (!RESOURCE_TYPE.test(resourceType) || resourceId.length === 0 || resourceId.length > 200) {
    return Response.json({ error: "Unknown resource." }, { status: 404 });
  }
  const entries = await getTimeline(user.organizationId, user.environment, resourceType, resourceId);
  return Response.json({ resourceType, resourceId, environment: user.environment, entries }, { headers: { "Cache-Control": "no-store" } });
}
