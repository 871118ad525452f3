/**
 * The recipient list's filters as they live in the URL: read by the page and the GET route with the
 * loader, written by the toolbar, serialized for the refetch URL and the pager. Client-safe. An
 * unknown value in a shared link is dropped, never an error page.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser, searchParser } from "@/lib/http/list-params";
import { RECIPIENT_TYPES } from "@/lib/upstream/schemas/core-values";

export const PAGE_SIZE = 20;

export const recipientFilters = {
  type: parseAsStringLiteral(RECIPIENT_TYPES),
  /** A name fragment, or the last four digits of an account (or characters of an address). */
  q: searchParser(100),
  page: pageParser,
};
export const loadRecipientFilters = createLoader(recipientFilters);
export const serializeRecipientFilters = createSerializer(recipientFilters);
export type RecipientFilters = inferParserType<typeof recipientFilters>;
