import { defineRoute } from "@/lib/http/route";
import { fundingAccountFiltersSchema } from "@/lib/funding-accounts/filters";
import { readFundingAccounts } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

/** The funding-account list for client refetches (the live stream says when), with the URL's filters. */
export const GET = defineRoute({ permission: "data:read", query: fundingAccountFiltersSchema }, ({ user, query }) => readFundingAccounts(user, query));
