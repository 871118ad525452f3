/**
 * Convert mode of the prices endpoint, as the page shows it: the price of one source unit in the
 * target, and an amount of the source converted with it. Client-safe, decimal arithmetic only.
 */
import { Decimal, toDecimal } from "@/lib/money";
import type { StockPrice } from "@/lib/upstream/schemas/stocks";
import { USD } from "./prices-query";

/** Decimals of a converted figure: cents into USD, eight places into a stock (as the provider quotes). */
export const digitsFor = (asset: string) => (asset === USD ? 2 : 8);

export interface Conversion {
  source: string;
  target: string;
  /** One source unit in target units. */
  rate: string;
  /** Whether the rate was worked out here from the two USD prices (the provider gave none). */
  derived: boolean;
  amount: string;
  converted: string;
  sourcePriceUsd: string | null;
  targetPriceUsd: string | null;
  stale: boolean;
  updatedAt: string | null;
}

const usdPrice = (asset: string, given: string | null | undefined) => (asset === USD ? "1" : (given ?? null));

export function conversionOf(item: StockPrice, source: string, target: string, amount = "1"): Conversion | null {
  const sourcePrice = usdPrice(source, item.price_usd);
  const targetPrice = usdPrice(target, item.target_price_usd);
  let rate = toDecimal(item.conversion_price ?? null);
  let derived = false;
  if (rate === null) {
    const s = toDecimal(sourcePrice);
    const t = toDecimal(targetPrice);
    if (s === null || t === null || t.isZero()) return null;
    rate = s.dividedBy(t).toDecimalPlaces(digitsFor(target), Decimal.ROUND_HALF_UP);
    derived = true;
  }
  const a = toDecimal(amount) ?? new Decimal(1);
  return {
    source,
    target,
    rate: rate.toFixed(),
    derived,
    amount: a.toFixed(),
    converted: a.times(rate).toFixed(digitsFor(target), Decimal.ROUND_HALF_UP),
    sourcePriceUsd: sourcePrice,
    targetPriceUsd: targetPrice,
    stale: item.stale === true,
    updatedAt: item.updated_at ?? null,
  };
}
