import { defineRoute } from "@/lib/http/route";
import { assetFilters } from "@/lib/stocks/filters";
import { readAssets } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** The tokenized stock assets for the list's polling, with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", filters: assetFilters }, ({ user, query }) => readAssets(user, query));
