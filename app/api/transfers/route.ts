import { defineRoute } from "@/lib/http/route";
import { transferFilters } from "@/lib/transfers/filters";
import { readTransfers } from "@/lib/transfers/read";

export const dynamic = "force-dynamic";

/** The transfer list for client refetches (the live stream says when), with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", filters: transferFilters }, ({ user, query }) => readTransfers(user, query));
