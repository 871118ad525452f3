/** What the Stocks reads hand the browser (pages hydrate with them, GET routes answer them). Client-safe. */
import type { Fresh } from "@/lib/balances/read";
import type { StockAsset, StockPrice } from "@/lib/upstream/schemas/stocks";
import type { Conversion } from "./convert";
import type { PortfolioFigures } from "./portfolio";

export type PortfolioView = Fresh<PortfolioFigures>;
export type AssetListView = Fresh<{ assets: StockAsset[]; total: number }>;
export type AssetView = Fresh<StockAsset>;
export type PricesView = Fresh<{ prices: StockPrice[] }>;
/** `conversion` is null when the provider's answer held no price to convert with. */
export type ConversionView = Fresh<{ conversion: Conversion | null }>;

/** Polling periods: the provider refreshes prices about every 15 s; the portfolio moves with them. */
export const PRICES_POLL_MS = 15_000;
export const PORTFOLIO_POLL_MS = 60_000;
export const ASSET_POLL_MS = 30_000;
