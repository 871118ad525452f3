import { loadWithdrawalFilters } from "@/lib/coins/filters";
import { readCryptoWithdrawals } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of crypto withdrawals, polled while one is on its way; the query carries the page's `crypto_` parameters. */
export const GET = defineRoute({ permission: "data:read" }, ({ user, request }) => readCryptoWithdrawals(user, loadWithdrawalFilters.crypto(request)));
