/**
 * Response schemas of the Stocks surface (`/stocks/v1`): the `data` of each envelope. Every field of
 * the spec's stock asset, stock price (list and convert mode) and portfolio; enums are open (the
 * spec shows none of their allowed values), objects keep fields we do not know yet.
 */
import { z } from "zod";
import { STOCK_CATEGORIES, STOCK_STATUSES, MARKET_STATUSES, RISK_LEVELS, RIGHTS } from "./stocks-values";
import { decimal, int, obj, openEnum, optDecimal, optStr, optTimestamp, str } from "./common";

export const stockAsset = obj({
  symbol: str,
  name: optStr,
  subtitle: optStr,
  category: openEnum(STOCK_CATEGORIES).nullish(),
  status: openEnum(STOCK_STATUSES).nullish(),
  logo_url: optStr,
  about_text: optStr,
  price_usd: optDecimal,
  price_precision: int.nullish(),
  change_24h_pct: optDecimal,
  change_24h_usd: optDecimal,
  min_order_usd: optDecimal,
  max_order_usd: optDecimal,
  market_status: openEnum(MARKET_STATUSES).nullish(),
  is_market_open: z.boolean().nullish(),
  is_off_hours_eligible: z.boolean().nullish(),
  is_off_hours_open: z.boolean().nullish(),
  is_new: z.boolean().nullish(),
  next_open_at: optTimestamp,
  next_close_at: optTimestamp,
  customer_risk_level: openEnum(RISK_LEVELS).nullish(),
  issuer_entity: optStr,
  legal_form: optStr,
  underlying_exchange: optStr,
  underlying_ticker: optStr,
  underlying_reference_url: optStr,
  economic_exposure_only: z.boolean().nullish(),
  ownership_rights: openEnum(RIGHTS).nullish(),
  voting_rights: openEnum(RIGHTS).nullish(),
  dividend_policy: optStr,
  shareholder_rights_disclosure: optStr,
});
/** `GET /assets` is not in the spec (the sandbox's assumption); wrapped like `{ prices }`. */
export const stockAssets = obj({ assets: z.array(stockAsset) });

/**
 * A price. In convert mode the item also names the source and target and carries the price of one
 * source unit in target units; the spec does not name those fields, so all are optional.
 */
export const price = obj({
  symbol: str,
  price_usd: optDecimal,
  change_24h_pct: optDecimal,
  stale: z.boolean().nullish(),
  updated_at: optTimestamp,
  source_asset: optStr,
  target_asset: optStr,
  target_price_usd: optDecimal,
  conversion_price: optDecimal,
});
export const prices = obj({ prices: z.array(price) });

const delta = obj({ pct: optDecimal, value_usd: optDecimal });
export const position = obj({
  symbol: str,
  name: optStr,
  category: openEnum(STOCK_CATEGORIES).nullish(),
  status: openEnum(STOCK_STATUSES).nullish(),
  logo_url: optStr,
  quantity: decimal,
  available: optDecimal,
  price_usd: optDecimal,
  priced: z.boolean().nullish(),
  value_usd: optDecimal,
  delta_24h: delta.nullish(),
});
export const portfolio = obj({
  usd_balance: decimal,
  total_value_usd: decimal,
  open_positions_value_usd: optDecimal,
  delta_24h: delta.nullish(),
  updated_at: optTimestamp,
  positions: z.array(position),
});

export type StockAsset = z.output<typeof stockAsset>;
export type StockPrice = z.output<typeof price>;
export type StockPosition = z.output<typeof position>;
export type Portfolio = z.output<typeof portfolio>;
