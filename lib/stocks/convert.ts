/**
 * Convert mode of the prices endpoint, as the page shows it: the price of one source unit in the
 * target, and an amount of the source converted with it. Client-safe, decimal arithmetic only.
 */
import { compareDecimals, divideDecimals, isDecimalString, multiplyDecimals, plainDecimal, toFixedDecimal, toSignificant } from "@/lib/money";
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
  let rate = isDecimalString(item.conversion_price) ? plainDecimal(item.conversion_price) : null;
  let derived = false;
  if (rate === null) {
    if (!isDecimalString(sourcePrice) || !isDecimalString(targetPrice) || compareDecimals(targetPrice, 0) === 0) return null;
    rate = plainDecimal(toFixedDecimal(divideDecimals(sourcePrice, targetPrice), digitsFor(target)));
    derived = true;
  }
  const a = isDecimalString(amount) ? plainDecimal(amount) : "1";
  return {
    source,
    target,
    rate,
    derived,
    amount: a,
    // decimal.js keeps 20 significant digits of a product before the final rounding; so does this.
    converted: toFixedDecimal(toSignificant(multiplyDecimals(a, rate)), digitsFor(target)),
    sourcePriceUsd: sourcePrice,
    targetPriceUsd: targetPrice,
    stale: item.stale === true,
    updatedAt: item.updated_at ?? null,
  };
}
