import { defineRoute } from "@/lib/http/route";
import { readProBalances } from "@/lib/pro/read";

export const dynamic = "force-dynamic";

/** The Pro NGN and unified USD balances (total, available, reserved) for the order ticket. */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readProBalances(user));
