import { readAddresses } from "@/lib/coins/read";
import { defineRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** The saved withdrawal addresses, refetched after one is saved or renamed. */
export const GET = defineRoute({ permission: "data:read" }, ({ user }) => readAddresses(user));
