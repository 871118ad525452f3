import { withdrawalFilters } from "@/lib/coins/filters";
import { readCryptoWithdrawals } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** One page of crypto withdrawals, polled while one is on its way. */
export const GET = defineRoute({ permission: "data:read", filters: withdrawalFilters }, ({ user, query }) => readCryptoWithdrawals(user, query));
