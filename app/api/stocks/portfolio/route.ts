import { defineRoute } from "@/lib/http/route";
import { readPortfolio } from "@/lib/stocks/read";

export const dynamic = "force-dynamic";

/** The Stocks portfolio for the page's polling (each fresh read also stores a value snapshot). */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readPortfolio(user));
