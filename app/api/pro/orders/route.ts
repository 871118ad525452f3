import { defineRoute } from "@/lib/http/route";
import { proOrderFilters } from "@/lib/pro/filters";
import { readProOrders } from "@/lib/pro/read";

export const dynamic = "force-dynamic";

/** Open orders or the order history for client refetches (the live stream says when), with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", filters: proOrderFilters }, ({ user, query }) => readProOrders(user, query));
