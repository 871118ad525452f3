import { readBalances } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Coins balances and their USD valuation, refetched after an order or withdrawal. */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readBalances(user));
