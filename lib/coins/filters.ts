/**
 * The Coins lists' filters as they live in the URL, declared once for the pages (`load…`), the GET
 * routes (`defineRoute`'s `filters`), the toolbars (`useQueryStates`) and the links (`serialize…`).
 * Lists page by the provider's opaque cursor: `cursor` is the page shown and `trail` the cursors of
 * the pages before it, so "Newer" can go back without the provider offering a previous cursor.
 * An unknown value in a shared link is dropped (null), never sent upstream. Client-safe.
 */
import { createLoader, createParser, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { COINS_ORDER_STATUSES, COINS_WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/coins-values";
import type { WithdrawalKind } from "./views";

export const PAGE_SIZE = 20;

/** The provider's ids of Coins orders and withdrawals are UUIDs; anything else is not one of them. */
export const isCoinsId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Cursors are opaque tokens; anything else in the URL is dropped. */
const CURSOR = /^[A-Za-z0-9_=.:-]{1,300}$/;
const cursor = createParser({ parse: (v) => (CURSOR.test(v) ? v : null), serialize: (v: string) => v });
/**
 * "" stands for the first page inside a trail. A trail of only the first page is written as no
 * trail at all (the two compare equal): "Newer" from page 2 goes to the first page anyway.
 */
const trail = createParser({
  parse: (v) =>
    v === ""
      ? []
      : v
          .split(",")
          .filter((c) => c === "" || CURSOR.test(c))
          .slice(-50),
  serialize: (v: string[]) => v.join(","),
  eq: (a, b) => a.join(",") === b.join(","),
}).withDefault([]);

/** Asset symbols as the provider writes them (BTC, USDT, NGN). */
const asset = createParser({
  parse: (v) => {
    const s = v.trim().toUpperCase();
    return /^[A-Z0-9]{2,12}$/.test(s) ? s : null;
  },
  serialize: (v: string) => v,
});

/** Asset identifiers `<namespace>:<identifier>` (CAIP-19 like `eip155:1/erc20:0x…`). */
const CAID = /^[-a-z0-9]{3,16}:[-_.%a-zA-Z0-9]{1,128}(\/[-a-z0-9]{3,16}:[-_.%a-zA-Z0-9]{1,128})?$/;
const caid = createParser({ parse: (v) => (CAID.test(v.trim()) ? v.trim() : null), serialize: (v: string) => v });

export const marketFilters = { base_caid: caid, quote_caid: caid };
export const loadMarketFilters = createLoader(marketFilters);
export const serializeMarketFilters = createSerializer(marketFilters);
export type MarketFilters = inferParserType<typeof marketFilters>;

export const ORDER_SIDES = ["buy", "sell"] as const;
export const orderFilters = {
  status: parseAsStringLiteral(COINS_ORDER_STATUSES),
  side: parseAsStringLiteral(ORDER_SIDES),
  base_asset: asset,
  quote_asset: asset,
  cursor,
  trail,
};
export const loadOrderFilters = createLoader(orderFilters);
export const serializeOrderFilters = createSerializer(orderFilters);
export type OrderFilters = inferParserType<typeof orderFilters>;
/** The copy's query for these filters (the provider's names), for the page and the export alike. */
export const orderQuery = (f: OrderFilters) => ({ status: f.status, side: f.side, base_asset: f.base_asset, quote_asset: f.quote_asset });

export const TRANSACTION_TYPES = ["deposit", "withdrawal", "trade", "fee"] as const;
export const TRANSACTION_STATUSES = ["pending", "completed", "failed"] as const;
export const transactionFilters = {
  type: parseAsStringLiteral(TRANSACTION_TYPES),
  asset,
  status: parseAsStringLiteral(TRANSACTION_STATUSES),
  cursor,
  trail,
};
export const loadTransactionFilters = createLoader(transactionFilters);
export const serializeTransactionFilters = createSerializer(transactionFilters);
export type TransactionFilters = inferParserType<typeof transactionFilters>;
export const transactionQuery = (f: TransactionFilters) => ({ type: f.type, asset: f.asset, status: f.status });

/**
 * Both withdrawal lists (the fiat one has no asset filter). They share one page, so in the page's
 * URL each keeps its own prefixed parameters; each list's GET route reads them without the prefix.
 */
export const withdrawalFilters = { status: parseAsStringLiteral(COINS_WITHDRAWAL_STATUSES), asset, cursor, trail };
const prefixed = (kind: WithdrawalKind) => ({
  urlKeys: { status: `${kind}_status`, asset: `${kind}_asset`, cursor: `${kind}_cursor`, trail: `${kind}_trail` },
});
export const withdrawalKeys = { crypto: prefixed("crypto"), fiat: prefixed("fiat") };
export const loadWithdrawalFilters = {
  crypto: createLoader(withdrawalFilters, withdrawalKeys.crypto),
  fiat: createLoader(withdrawalFilters, withdrawalKeys.fiat),
};
/** The page's links, with each list's prefixed parameters. */
export const withdrawalPageLinks = {
  crypto: createSerializer(withdrawalFilters, withdrawalKeys.crypto),
  fiat: createSerializer(withdrawalFilters, withdrawalKeys.fiat),
};
/** The GET routes' query: each route serves one list, so its parameters need no prefix. */
export const serializeWithdrawalFilters = createSerializer(withdrawalFilters);
export type WithdrawalFilters = inferParserType<typeof withdrawalFilters>;

/** Where a cursor-paged list is: the page shown and the cursors of the pages before it. */
export type CursorPlace = { cursor: string | null; trail: string[] };

/** The page after this one, and the one before it (undefined on the first page). */
export function olderPage(current: CursorPlace, next: string): CursorPlace {
  return { cursor: next, trail: [...current.trail, current.cursor ?? ""] };
}
export function newerPage(current: CursorPlace): CursorPlace | undefined {
  if (!current.cursor) return undefined;
  const trail = current.trail.slice(0, -1);
  const prev = current.trail.at(-1);
  return { cursor: prev ? prev : null, trail };
}

/**
 * What the kit's Pager shows for a cursor-paged list: the page's number (the first page's place in
 * the trail is an empty entry the URL leaves out on page 2) and the links to the newer and older page.
 */
export function cursorSteps(page: CursorPlace, nextCursor: string | null, href: (place: CursorPlace) => string) {
  const newer = newerPage(page);
  return {
    number: page.cursor ? Math.max(page.trail.length, 1) + 1 : 1,
    newer: newer ? href(newer) : null,
    older: nextCursor ? href(olderPage(page, nextCursor)) : null,
  };
}
