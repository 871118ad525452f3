import { defineRoute } from "@/lib/http/route";
import { readBalances } from "@/lib/balances/read";

export const dynamic = "force-dynamic";

/** The three merchant balances in the user's environment, from the local copy with how fresh it is. */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readBalances(user));
