/**
 * The withdrawal list's filters as they live in the URL (the spec's `status` and `page`): read by
 * the page and the GET route with the loader, written by the toolbar, serialized for the refetch
 * URL and the pager. Client-safe. An unknown value in a shared link is dropped.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser } from "@/lib/http/list-params";
import { WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/core-values";

export const PAGE_SIZE = 20;

export const withdrawalFilters = { status: parseAsStringLiteral(WITHDRAWAL_STATUSES), page: pageParser };
export const loadWithdrawalFilters = createLoader(withdrawalFilters);
export const serializeWithdrawalFilters = createSerializer(withdrawalFilters);
export type WithdrawalFilters = inferParserType<typeof withdrawalFilters>;
