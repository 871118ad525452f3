/**
 * The event log's filters as they live in the URL: read by the page and the CSV export with the
 * loader, written by the toolbar, serialized for the pager. Client-safe. Anything malformed is
 * ignored rather than failing the page.
 */
import { createLoader, createSerializer, type inferParserType } from "nuqs/server";
import { dayParser, pageParser, searchParser } from "@/lib/http/list-params";

export const eventFilters = {
  name: searchParser(100),
  resource: searchParser(40),
  status: searchParser(60),
  /** Part of a resource id. */
  q: searchParser(200),
  from: dayParser,
  to: dayParser,
  page: pageParser,
};
export const loadEventFilters = createLoader(eventFilters);
export const serializeEventFilters = createSerializer(eventFilters);
export type EventFilters = inferParserType<typeof eventFilters>;
