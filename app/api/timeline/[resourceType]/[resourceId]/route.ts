import { defineRoute } from "@/lib/http/route";
import { getTimeline } from "@/lib/webhooks/query";

export const dynamic = "force-dynamic";

const RESOURCE_TYPE = /^[a-z0-9_]{1,40}$/;

/** A resource's timeline for client refetches (the live stream says when), current environment only. */
export const GET = defineRoute({ permission: "data:read" }, async ({ user, params }) => {
  const resourceType = String(params.resourceType ?? "");
  const resourceId = String(params.resourceId ?? "");
  if (!RESOURCE_TYPE.test(resourceType) || resourceId.length === 0 || resourceId.length > 200) {
    return Response.json({ error: "Unknown resource." }, { status: 404 });
  }
  const entries = await getTimeline(user.organizationId, user.environment, resourceType, resourceId);
  return { resourceType, resourceId, environment: user.environment, entries };
});
