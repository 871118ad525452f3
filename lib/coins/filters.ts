/**
 * The Coins lists' filters as they live in the URL (pages, GET routes and toolbars share them).
 * Lists page by the provider's opaque cursor: `cursor` is the page shown and `trail` the cursors of
 * the pages before it, so "Newer" can go back without the provider offering a previous cursor.
 * An unknown value in a shared link is dropped, never sent upstream. Client-safe.
 */
import { z } from "zod";
import { COINS_ORDER_STATUSES, COINS_WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/coins";

export const PAGE_SIZE = 20;

/** The provider's ids of Coins orders and withdrawals are UUIDs; anything else is not one of them. */
export const isCoinsId = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Cursors are opaque tokens; anything else in the URL is dropped. */
const CURSOR = /^[A-Za-z0-9_=.:-]{1,300}$/;
const cursor = z
  .string()
  .optional()
  .transform((v) => (v && CURSOR.test(v) ? v : undefined));
/** "" stands for the first page inside a trail. */
const trail = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .filter((c) => c === "" || CURSOR.test(c))
          .slice(-50)
      : [],
  );

const oneOf = <T extends readonly string[]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => ((values as readonly string[]).includes(v ?? "") ? (v as T[number]) : undefined));

/** Asset symbols as the provider writes them (BTC, USDT, NGN). */
const asset = z
  .string()
  .optional()
  .transform((v) => {
    const s = v?.trim().toUpperCase();
    return s && /^[A-Z0-9]{2,12}$/.test(s) ? s : undefined;
  });

/** Asset identifiers `<namespace>:<identifier>` (CAIP-19 like `eip155:1/erc20:0x…`). */
const CAID = /^[-a-z0-9]{3,16}:[-_.%a-zA-Z0-9]{1,128}(\/[-a-z0-9]{3,16}:[-_.%a-zA-Z0-9]{1,128})?$/;
const caid = z
  .string()
  .optional()
  .transform((v) => (v && CAID.test(v.trim()) ? v.trim() : undefined));

export const marketFiltersSchema = z.object({ base_caid: caid, quote_caid: caid });
export type MarketFilters = z.output<typeof marketFiltersSchema>;

export const ORDER_SIDES = ["buy", "sell"] as const;
export const orderFiltersSchema = z.object({
  status: oneOf(COINS_ORDER_STATUSES),
  side: oneOf(ORDER_SIDES),
  base_asset: asset,
  quote_asset: asset,
  cursor,
  trail,
});
export type OrderFilters = z.output<typeof orderFiltersSchema>;

export const TRANSACTION_TYPES = ["deposit", "withdrawal", "trade", "fee"] as const;
export const TRANSACTION_STATUSES = ["pending", "completed", "failed"] as const;
export const transactionFiltersSchema = z.object({ type: oneOf(TRANSACTION_TYPES), asset, status: oneOf(TRANSACTION_STATUSES), cursor, trail });
export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

export const withdrawalFiltersSchema = z.object({ status: oneOf(COINS_WITHDRAWAL_STATUSES), asset, cursor, trail });
export type WithdrawalFilters = z.output<typeof withdrawalFiltersSchema>;

type Raw = Record<string, string | string[] | undefined>;
const first = (raw: Raw) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

export const parseMarketFilters = (raw: Raw) => marketFiltersSchema.parse(first(raw));
export const parseOrderFilters = (raw: Raw) => orderFiltersSchema.parse(first(raw));
export const parseTransactionFilters = (raw: Raw) => transactionFiltersSchema.parse(first(raw));
/** The crypto and fiat withdrawal lists share one page, so each keeps its own prefixed parameters. */
export function parseWithdrawalFilters(raw: Raw, prefix: "crypto" | "fiat"): WithdrawalFilters {
  const r = first(raw);
  return withdrawalFiltersSchema.parse({
    status: r[`${prefix}_status`],
    asset: prefix === "crypto" ? r.crypto_asset : undefined,
    cursor: r[`${prefix}_cursor`],
    trail: r[`${prefix}_trail`],
  });
}

/** The URL query of a cursor-paged view: empty values left out. */
export function cursorQuery(filters: Record<string, string | undefined>, page: { cursor?: string; trail: string[] }, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== "") out[k] = v;
  if (page.cursor) out[`${prefix}cursor`] = page.cursor;
  // A trail of only the first page is empty: "Newer" from page 2 goes to the first page anyway.
  const trail = page.trail.join(",");
  if (trail !== "") out[`${prefix}trail`] = trail;
  return out;
}

/** The page after this one, and the one before it (undefined on the first page). */
export function olderPage(current: { cursor?: string; trail: string[] }, next: string) {
  return { cursor: next, trail: [...current.trail, current.cursor ?? ""] };
}
export function newerPage(current: { cursor?: string; trail: string[] }): { cursor?: string; trail: string[] } | undefined {
  if (!current.cursor) return undefined;
  const trail = current.trail.slice(0, -1);
  const prev = current.trail.at(-1);
  return { cursor: prev ? prev : undefined, trail };
}
