/**
 * The funding-account list's filters as they live in the URL: read by the page and the GET route
 * with the loader, written by the toolbar, serialized for the refetch URL and the pager.
 * Client-safe. An unknown value in a shared link is dropped, never an error page.
 */
import { createLoader, createParser, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser } from "@/lib/http/list-params";
import { FUNDING_ACCOUNT_STATUSES } from "@/lib/upstream/schemas/core-values";
import { RAILS, TYPES } from "./options";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAGE_SIZE = 20;

export const fundingAccountFilters = {
  rail: parseAsStringLiteral(RAILS),
  type: parseAsStringLiteral(TYPES),
  status: parseAsStringLiteral(FUNDING_ACCOUNT_STATUSES),
  customer: createParser({ parse: (v: string) => (UUID.test(v) ? v.toLowerCase() : null), serialize: (v: string) => v }),
  page: pageParser,
};
export const loadFundingAccountFilters = createLoader(fundingAccountFilters);
export const serializeFundingAccountFilters = createSerializer(fundingAccountFilters);
export type FundingAccountFilters = inferParserType<typeof fundingAccountFilters>;

/** The copy's query for these filters (the provider's names), for the page and the export alike. */
export const fundingAccountQuery = (f: FundingAccountFilters) => ({ rail: f.rail, type: f.type, status: f.status, customer_id: f.customer });
