/**
 * Price model of the Coins markets. A price is a pure function of emulated time: the same instant
 * gives the same price on every machine and after every restart, so tests can advance the clock
 * and predict what they will see. Prices are refreshed on a fixed cadence (PRICE_REFRESH_MS) and
 * one market's feed lags by over an hour (stale_feed) so clients can show a stale price.
 */
import { Decimal, fixed, toDecimal } from "../lib/money";
import { hashSeed } from "../lib/rng";
import { ASSETS, MARKETS, NGN_PER_USD, USD_REFERENCE, type AssetSymbol, type MarketDef } from "./catalog";

export const PRICE_REFRESH_MS = 15_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A smooth deterministic oscillation in [-1, 1] for one named series. The periods (about 5.3 days,
 * 7.3 h, 97 min and 11 min) do not divide a day, so the 24 h change is never trivially zero.
 * The floats only shape the movement; the result is cut to 10 decimals before it touches money.
 */
export function wave(series: string, t: number): Decimal {
  const seed = hashSeed(series);
  const phase = (k: number) => (((seed >>> (k * 8)) & 0xff) / 256) * 2 * Math.PI;
  const cyc = (period: number, k: number) => Math.sin((2 * Math.PI * t) / period + phase(k));
  const v = 0.55 * cyc(127 * HOUR, 0) + 0.25 * cyc(7.3 * HOUR, 1) + 0.14 * cyc(97 * 60_000, 2) + 0.06 * cyc(11 * 60_000, 3);
  return new Decimal(v.toFixed(10));
}

/** reference * (1 + volatility * wave). */
function moved(series: string, reference: string, volatility: number, t: number): Decimal {
  return toDecimal(reference).times(wave(series, t).times(volatility.toFixed(6)).plus(1));
}

/** Price of one crypto asset in USD at instant t (unrounded). */
export function usdPrice(asset: AssetSymbol, t: number): Decimal {
  if (asset === "USD") return new Decimal(1);
  if (asset === "NGN") return new Decimal(1).dividedBy(ngnPerUsd(t));
  const ref = USD_REFERENCE[asset];
  return moved(`usd:${asset}`, ref.price, ref.volatility, t);
}

export function ngnPerUsd(t: number): Decimal {
  return moved("ngn-per-usd", NGN_PER_USD.price, NGN_PER_USD.volatility, t);
}

/** The instant whose price the market shows at emulated time `now`. */
export function fetchedAt(market: MarketDef, now: number): number {
  const refreshed = Math.floor(now / PRICE_REFRESH_MS) * PRICE_REFRESH_MS;
  // The stopped feed shows a price between one and two hours old, whatever the time.
  return market.stale_feed ? Math.floor(now / HOUR) * HOUR - HOUR : refreshed;
}

/** Market price at an exact instant, rounded to the market's price decimals. */
export function marketPriceAt(market: MarketDef, t: number): Decimal {
  const base = usdPrice(market.base, t);
  const inQuote = market.quote === "USD" ? base : base.times(ngnPerUsd(t));
  return inQuote.toDecimalPlaces(market.price_decimals, Decimal.ROUND_HALF_UP);
}

export interface MarketView {
  base_asset: string;
  base_caid: string;
  quote_asset: string;
  quote_caid: string;
  price: string;
  price_fetched_at: string;
  change_pct_24h: string;
  volume_quote_24h: string;
  fee_bps: number;
  min_quote_amount: string;
}

export interface MarketQuote {
  market: MarketDef;
  price: Decimal;
  fetchedAt: number;
}

export function quote(market: MarketDef, now: number): MarketQuote {
  const at = fetchedAt(market, now);
  return { market, price: marketPriceAt(market, at), fetchedAt: at };
}

/** A price is stale when it was fetched more than this long ago (the app's threshold too). */
export const STALE_AFTER_MS = 5 * 60_000;

export function isStale(q: MarketQuote, now: number): boolean {
  return now - q.fetchedAt > STALE_AFTER_MS;
}

export function marketView(market: MarketDef, now: number, iso: (ms: number) => string): MarketView {
  const q = quote(market, now);
  const previous = marketPriceAt(market, q.fetchedAt - DAY);
  const changePct = q.price.minus(previous).dividedBy(previous).times(100);
  const volume = toDecimal(market.base_volume_quote).times(wave(`volume:${market.base}-${market.quote}`, q.fetchedAt).times("0.25").plus(1));
  return {
    base_asset: market.base,
    base_caid: ASSETS[market.base].caid,
    quote_asset: market.quote,
    quote_caid: ASSETS[market.quote].caid,
    price: fixed(q.price, market.price_decimals),
    price_fetched_at: iso(q.fetchedAt),
    change_pct_24h: fixed(changePct, 2),
    volume_quote_24h: fixed(volume, ASSETS[market.quote].decimals),
    fee_bps: market.fee_bps,
    min_quote_amount: market.min_quote_amount,
  };
}

export function allMarketViews(now: number, iso: (ms: number) => string): MarketView[] {
  return MARKETS.map((m) => marketView(m, now, iso));
}
