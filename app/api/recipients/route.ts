import { defineRoute } from "@/lib/http/route";
import { recipientFilters } from "@/lib/recipients/filters";
import { readRecipients } from "@/lib/recipients/read";

export const dynamic = "force-dynamic";

/** The recipient list for client refetches, with the URL's filters and search. */
export const GET = defineRoute({ permission: "data:read", filters: recipientFilters }, ({ user, query }) => readRecipients(user, query));
