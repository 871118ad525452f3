import { defineRoute } from "@/lib/http/route";
import { priceFiltersSchema } from "@/lib/stocks/prices-query";
import { readPrices } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** The live price table's polling: every asset, or the URL's comma-separated symbols. */
export const GET = defineRoute({ permission: "data:read", query: priceFiltersSchema }, ({ user, query }) => readPrices(user, query));
