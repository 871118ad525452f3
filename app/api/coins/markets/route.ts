import { marketFilters } from "@/lib/coins/filters";
import { readMarkets } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The markets for the URL's base and quote filters, refetched while the page is open. */
export const GET = defineRoute({ permission: "data:read", filters: marketFilters }, ({ user, query }) => readMarkets(user, query));
