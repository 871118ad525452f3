import { defineRoute } from "@/lib/http/route";
import { loadInbox } from "@/lib/approvals/queries";
import { inboxFilters } from "@/lib/approvals/filters";

/** The approvals inbox for the signed-in user, in their current environment: for live refresh. */
export const GET = defineRoute({ permission: "data:read", filters: inboxFilters }, async ({ user, query }) => loadInbox(user, query));
