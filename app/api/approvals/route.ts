import { defineRoute } from "@/lib/http/route";
import { loadInbox } from "@/lib/approvals/queries";
import { inboxFiltersSchema } from "@/lib/approvals/schemas";

/** The approvals inbox for the signed-in user, in their current environment: for live refresh. */
export const GET = defineRoute({ permission: "data:read", query: inboxFiltersSchema }, async ({ user, query }) => loadInbox(user, query));
