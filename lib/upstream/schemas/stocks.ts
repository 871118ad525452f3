/** Response schemas of the Stocks surface (`/stocks/v1`): the `data` of each envelope. */
import { z } from "zod";
import { decimal, int, obj, openEnum, optDecimal, optStr, optTimestamp, str } from "./common";

export const stockAsset = obj({
  symbol: str,
  name: optStr,
  subtitle: optStr,
  category: openEnum(["stock", "etf"]).nullish(),
  status: openEnum(["active", "halted"]).nullish(),
  logo_url: optStr,
  about_text: optStr,
  price_usd: decimal,
  price_precision: int.nullish(),
  change_24h_pct: optDecimal,
  change_24h_usd: optDecimal,
  min_order_usd: optDecimal,
  max_order_usd: optDecimal,
  market_status: openEnum(["open", "closed", "pre_market", "after_hours", "halted"]).nullish(),
  is_market_open: z.boolean().nullish(),
  is_off_hours_eligible: z.boolean().nullish(),
  is_off_hours_open: z.boolean().nullish(),
  is_new: z.boolean().nullish(),
  next_open_at: optTimestamp,
  next_close_at: optTimestamp,
  customer_risk_level: optStr,
  issuer_entity: optStr,
  legal_form: optStr,
  underlying_exchange: optStr,
  underlying_ticker: optStr,
  underlying_reference_url: optStr,
  economic_exposure_only: z.boolean().nullish(),
  ownership_rights: optStr,
  voting_rights: optStr,
  dividend_policy: optStr,
  shareholder_rights_disclosure: optStr,
});
export const stockAssets = obj({ assets: z.array(stockAsset) });

export const price = obj({ symbol: str, price_usd: decimal, change_24h_pct: optDecimal, stale: z.boolean().nullish(), updated_at: optTimestamp });
export const prices = obj({ prices: z.array(price) });

const delta = obj({ pct: optDecimal, value_usd: optDecimal });
export const portfolio = obj({
  usd_balance: decimal,
  total_value_usd: decimal,
  open_positions_value_usd: optDecimal,
  delta_24h: delta.nullish(),
  updated_at: optTimestamp,
  positions: z.array(
    obj({
      symbol: str,
      name: optStr,
      category: optStr,
      status: optStr,
      logo_url: optStr,
      quantity: decimal,
      available: optDecimal,
      price_usd: optDecimal,
      priced: z.boolean().nullish(),
      value_usd: optDecimal,
      delta_24h: delta.nullish(),
    }),
  ),
});

export type StockAsset = z.output<typeof stockAsset>;
