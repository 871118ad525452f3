/**
 * A Coins order's figures as the order form works them out while the amount is typed, and the
 * server action checks again. Zod-free and decimal.js-free, so the form's page stays light; the
 * schemas are in `lib/coins/schema.ts`.
 */
import { compareDecimals, divideDecimals, multiplyDecimals, plainDecimal, toFixedDecimal, toSignificant } from "@/lib/money";

export const LABEL_MAX = 64;

/** What the amount means for each side (the provider's "spend X / sell Y" model). */
export function amountAsset(side: "buy" | "sell", market: string): string {
  const [base, quote] = market.split("-");
  return (side === "buy" ? quote : base) ?? "";
}

/**
 * The order's value in the quote asset, for the minimum and the fee: a buy's amount, a sell's
 * amount at the current price (kept to 20 significant digits, as decimal.js would). Null when the
 * price is unknown.
 */
export function quoteValue(side: "buy" | "sell", amount: string, price: string | null | undefined): string | null {
  if (!/^\d+(\.\d+)?$/.test(amount.trim())) return null;
  if (side === "buy") return plainDecimal(amount.trim());
  if (!price || !/^\d+(\.\d+)?$/.test(price)) return null;
  return toSignificant(multiplyDecimals(amount.trim(), price));
}

/** The fee in the quote asset at `fee_bps`, rounded up to `digits` as the provider charges it. */
export function orderFee(value: string, feeBps: number, digits: number): string {
  return toFixedDecimal(divideDecimals(toSignificant(multiplyDecimals(value, feeBps)), 10_000), digits, "up");
}

/** The sentence for an order under the market's minimum, or null. */
export function belowMinimum(value: string | null, minQuote: string | null | undefined, quote: string): string | null {
  if (!value || !minQuote || !/^\d+(\.\d+)?$/.test(minQuote)) return null;
  return compareDecimals(value, minQuote) < 0
    ? `This order is worth ${toFixedDecimal(value, 2, "down")} ${quote}; the market's minimum is ${minQuote} ${quote}.`
    : null;
}
