import { defineRoute } from "@/lib/http/route";
import { recentEvents } from "@/lib/webhooks/query";

export const dynamic = "force-dynamic";

/** The organization's latest events in the user's current environment, newest first. */
export const GET = defineRoute({ permission: "events:read" }, async ({ user }) => ({ events: await recentEvents(user.organizationId, user.environment) }));
