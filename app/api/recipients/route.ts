import { defineRoute } from "@/lib/http/route";
import { recipientFiltersSchema } from "@/lib/recipients/filters";
import { readRecipients } from "@/lib/recipients/read";

export const dynamic = "force-dynamic";

/** The recipient list for client refetches, with the URL's filters and search. */
export const GET = defineRoute({ permission: "data:read", query: recipientFiltersSchema }, ({ user, query }) => readRecipients(user, query));
