import { fundingAccountFilters } from "@/lib/funding-accounts/filters";
import { readFundingAccounts } from "@/lib/funding-accounts/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The funding-account list for client refetches (the live stream says when), with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", filters: fundingAccountFilters }, ({ user, query }) => readFundingAccounts(user, query));
