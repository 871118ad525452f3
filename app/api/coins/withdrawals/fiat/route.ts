import { withdrawalFilters } from "@/lib/coins/filters";
import { readFiatWithdrawals } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of fiat withdrawals, polled while one is on its way. */
export const GET = defineRoute({ permission: "data:read", filters: withdrawalFilters }, ({ user, query }) => readFiatWithdrawals(user, query));
