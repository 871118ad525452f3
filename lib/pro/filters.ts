/**
 * The Pro order list's filters as they live in the URL, declared once for the page, its GET route,
 * the toolbar and the links: open orders or the whole history, status, symbol and page. Client-safe.
 * An unknown value in a shared link is dropped, never an error page.
 */
import { createLoader, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { pageParser } from "@/lib/http/list-params";
import { PRO_ORDER_STATUSES, PRO_SYMBOLS } from "./labels";

export const PAGE_SIZE = 20;
export const ORDER_VIEWS = ["open", "history"] as const;

export const proOrderFilters = {
  /** The open view is the default, which the URL leaves out. */
  view: parseAsStringLiteral(ORDER_VIEWS).withDefault("open"),
  status: parseAsStringLiteral(PRO_ORDER_STATUSES),
  symbol: parseAsStringLiteral(PRO_SYMBOLS),
  page: pageParser,
};
export const loadProOrderFilters = createLoader(proOrderFilters);
export const serializeProOrderFilters = createSerializer(proOrderFilters);
export type ProOrderFilters = inferParserType<typeof proOrderFilters>;

/** The copy's query for these filters (the provider's names), for the page and the export alike. */
export const proOrderQuery = (f: ProOrderFilters) => ({ view: f.view, status: f.status, symbol: f.symbol });
