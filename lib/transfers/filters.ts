/**
 * The transfer list's filters as they live in the URL: read by the page and the GET route with the
 * loader, written by the toolbar, serialized for the refetch URL and the pager. Client-safe.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser } from "@/lib/http/list-params";
import { TRANSFER_STATUSES } from "@/lib/upstream/schemas/core-values";

export const PAGE_SIZE = 20;

export const transferFilters = { status: parseAsStringLiteral(TRANSFER_STATUSES), page: pageParser };
export const loadTransferFilters = createLoader(transferFilters);
export const serializeTransferFilters = createSerializer(transferFilters);
export type TransferFilters = inferParserType<typeof transferFilters>;
