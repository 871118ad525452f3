import { defineRoute } from "@/lib/http/route";
import { assetFiltersSchema } from "@/lib/stocks/filters";
import { readAssets } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** The tokenized stock assets for the list's polling, with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", query: assetFiltersSchema }, ({ user, query }) => readAssets(user, query));
