import { orderFilters } from "@/lib/coins/filters";
import { readOrders } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of Coins orders for the URL's filters and cursor, polled while an order is pending. */
export const GET = defineRoute({ permission: "data:read", filters: orderFilters }, ({ user, query }) => readOrders(user, query));
