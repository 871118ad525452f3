import { defineRoute } from "@/lib/http/route";
import { readProWebhooks } from "@/lib/pro/read";

export const dynamic = "force-dynamic";

/** The Pro webhooks with their delivery health, for the admin page's refetch. */
export const GET = defineRoute({ permission: "settings:manage" }, ({ user }) => readProWebhooks(user));
