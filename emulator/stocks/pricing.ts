/**
 * Stock prices as a pure function of emulated time. A price moves only while its asset trades
 * (regular session, plus pre-market and after-hours for off-hours eligible assets) and holds at the
 * last session's end otherwise. One asset's feed stopped (served stale, hours old) and one asset is
 * halted (its price held since the previous day).
 */
import { wave } from "../coins/pricing";
import { Decimal, fixed, toDecimal } from "../lib/money";
import { STOCKS, disclosures, logoUrl, type StockDef } from "./catalog";
import { lastTradingInstant, marketClock, type MarketPhase } from "./market-hours";

export const PRICE_REFRESH_MS = 15_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const floorTo = (t: number, step: number) => Math.floor(t / step) * step;

export function priceAt(d: StockDef, t: number): Decimal {
  return toDecimal(d.reference_price)
    .times(wave(`stock:${d.symbol}`, t).times(d.volatility.toFixed(6)).plus(1))
    .toDecimalPlaces(d.price_precision, Decimal.ROUND_HALF_UP);
}

export interface StockQuote {
  def: StockDef;
  price: Decimal;
  /** Price 24 hours of trading-clock earlier (the last traded price at now - 24 h). */
  previous: Decimal;
  updatedAt: number;
  stale: boolean;
}

/** The instant whose price the asset shows at `now`. */
export function priceInstant(d: StockDef, now: number): number {
  let source = now;
  if (d.stale_feed)
    source = floorTo(now, HOUR) - 2 * HOUR; // the feed stopped: 2-3 hours behind
  else if (d.status === "halted") source = floorTo(now, DAY) - DAY; // halted since the previous day
  return floorTo(lastTradingInstant(source, d.is_off_hours_eligible), PRICE_REFRESH_MS);
}

export function stockQuote(d: StockDef, now: number): StockQuote {
  const at = priceInstant(d, now);
  const prevAt = floorTo(lastTradingInstant(at - DAY, d.is_off_hours_eligible), PRICE_REFRESH_MS);
  return { def: d, price: priceAt(d, at), previous: priceAt(d, prevAt), updatedAt: at, stale: d.stale_feed === true };
}

export function change24h(q: StockQuote): { pct: Decimal; usd: Decimal } {
  const usd = q.price.minus(q.previous);
  return { usd, pct: usd.dividedBy(q.previous).times(100) };
}

export function priceView(q: StockQuote, iso: (ms: number) => string) {
  return {
    symbol: q.def.symbol,
    price_usd: fixed(q.price, q.def.price_precision),
    change_24h_pct: fixed(change24h(q).pct, 2),
    stale: q.stale,
    updated_at: iso(q.updatedAt),
  };
}

export type MarketStatus = MarketPhase | "halted";

export function assetView(d: StockDef, now: number, iso: (ms: number) => string) {
  const q = stockQuote(d, now);
  const ch = change24h(q);
  const clock = marketClock(now);
  const halted = d.status === "halted";
  const marketStatus: MarketStatus = halted ? "halted" : clock.phase;
  const offHours = clock.phase === "pre_market" || clock.phase === "after_hours";
  return {
    symbol: d.symbol,
    name: d.name,
    subtitle: d.subtitle,
    category: d.category,
    status: d.status,
    logo_url: logoUrl(d),
    about_text: d.about_text,
    price_usd: fixed(q.price, d.price_precision),
    price_precision: d.price_precision,
    change_24h_pct: fixed(ch.pct, 2),
    change_24h_usd: fixed(ch.usd, d.price_precision),
    min_order_usd: d.min_order_usd,
    max_order_usd: d.max_order_usd,
    market_status: marketStatus,
    is_market_open: !halted && clock.phase === "open",
    is_off_hours_eligible: d.is_off_hours_eligible,
    is_off_hours_open: !halted && d.is_off_hours_eligible && offHours,
    is_new: d.is_new,
    next_open_at: iso(clock.next_open_at),
    next_close_at: iso(clock.next_close_at),
    customer_risk_level: d.customer_risk_level,
    ...disclosures(d),
  };
}

export function allQuotes(now: number): StockQuote[] {
  return STOCKS.map((d) => stockQuote(d, now));
}

/** One side of a conversion: a stock or US dollars (price 1, never stale). */
export interface ConversionLeg {
  symbol: string;
  price: Decimal;
  precision: number;
  change_pct: Decimal;
  stale: boolean;
  updatedAt: number | null;
}

export function conversionLeg(symbol: string, now: number): ConversionLeg | null {
  if (symbol.trim().toUpperCase() === "USD")
    return { symbol: "USD", price: new Decimal(1), precision: 2, change_pct: new Decimal(0), stale: false, updatedAt: null };
  const d = STOCKS.find((s) => s.symbol === symbol.trim().toUpperCase());
  if (!d) return null;
  const q = stockQuote(d, now);
  return { symbol: d.symbol, price: q.price, precision: d.price_precision, change_pct: change24h(q).pct, stale: q.stale, updatedAt: q.updatedAt };
}

/** Decimals of a conversion price: cents into USD, 8 places into a stock. */
export const CONVERSION_DECIMALS = 8;

/**
 * Convert mode of GET /prices: the price of one unit of the source in units of the target, plus
 * the usual price fields of the source. Stale when either side is; updated_at is the older side's.
 */
export function conversionView(source: ConversionLeg, target: ConversionLeg, now: number, iso: (ms: number) => string) {
  const times = [source.updatedAt, target.updatedAt].filter((t): t is number => t !== null);
  const updatedAt = times.length > 0 ? Math.min(...times) : now;
  const dp = target.symbol === "USD" ? 2 : CONVERSION_DECIMALS;
  return {
    symbol: source.symbol,
    price_usd: fixed(source.price, source.precision),
    change_24h_pct: fixed(source.change_pct, 2),
    stale: source.stale || target.stale,
    updated_at: iso(updatedAt),
    source_asset: source.symbol,
    target_asset: target.symbol,
    target_price_usd: fixed(target.price, target.precision),
    conversion_price: fixed(source.price.dividedBy(target.price), dp),
  };
}
