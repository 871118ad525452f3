import { defineRoute } from "@/lib/http/route";
import { withdrawalFilters } from "@/lib/withdrawals/filters";
import { readWithdrawals } from "@/lib/withdrawals/read";

export const dynamic = "force-dynamic";

/** The withdrawal list for client refetches (the live stream says when), with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", filters: withdrawalFilters }, ({ user, query }) => readWithdrawals(user, query));
