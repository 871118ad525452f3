import { defineRoute } from "@/lib/http/route";
import { countPendingForUser } from "@/lib/approvals/queries";

/** How many requests wait for the signed-in user's decision (0 for roles that cannot decide). */
export const GET = defineRoute({ permission: "data:read" }, async ({ user }) => ({ count: await countPendingForUser(user) }));
