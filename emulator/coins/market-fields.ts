/**
 * The fields of a Coins market as the provider's spec lists them, written out apart from the code
 * that builds the market, so the engine's and the HTTP contract tests check both against the spec.
 */
export const COINS_MARKET_FIELDS = [
  "base_asset",
  "base_caid",
  "change_pct_24h",
  "fee_bps",
  "min_quote_amount",
  "price",
  "price_fetched_at",
  "quote_asset",
  "quote_caid",
  "volume_quote_24h",
] as const;
