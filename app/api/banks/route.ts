import { defineRoute } from "@/lib/http/route";
import { readBanks } from "@/lib/funding-accounts/read";

export const dynamic = "force-dynamic";

/** Nigerian banks for the destination-bank picker (the provider's list, cached for an hour). */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readBanks(user));
