/**
 * The fields of a stock asset as the provider's spec lists them, written out apart from the code
 * that builds the asset, so the emulator's and the app's tests check both against the spec.
 */

/** The legal disclosure of a tokenized stock: who issues it and what the holder owns. */
export const STOCK_DISCLOSURE_FIELDS = [
  "issuer_entity",
  "legal_form",
  "underlying_exchange",
  "underlying_ticker",
  "underlying_reference_url",
  "economic_exposure_only",
  "ownership_rights",
  "voting_rights",
  "dividend_policy",
  "shareholder_rights_disclosure",
] as const;

/** Every field of a stock asset, in the spec's order. */
export const STOCK_ASSET_FIELDS = [
  "symbol",
  "name",
  "subtitle",
  "category",
  "status",
  "logo_url",
  "about_text",
  "price_usd",
  "price_precision",
  "change_24h_pct",
  "change_24h_usd",
  "min_order_usd",
  "max_order_usd",
  "market_status",
  "is_market_open",
  "is_off_hours_eligible",
  "is_off_hours_open",
  "is_new",
  "next_open_at",
  "next_close_at",
  "customer_risk_level",
  ...STOCK_DISCLOSURE_FIELDS,
] as const;
