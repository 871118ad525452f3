import { loadWithdrawalFilters } from "@/lib/coins/filters";
import { readFiatWithdrawals } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of fiat withdrawals, polled while one is on its way; the query carries the page's `fiat_` parameters. */
export const GET = defineRoute({ permission: "data:read" }, ({ user, request }) => readFiatWithdrawals(user, loadWithdrawalFilters.fiat(request)));
