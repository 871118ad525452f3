import { transactionFilters } from "@/lib/coins/filters";
import { readTransactions } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of Coins transactions for the URL's filters and cursor. */
export const GET = defineRoute({ permission: "data:read", filters: transactionFilters }, ({ user, query }) => readTransactions(user, query));
