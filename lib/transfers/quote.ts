/**
 * The transfer quote shown before confirming. The provider has no quote endpoint, so it is worked
 * out from what the provider publishes: an NGN amount converts to USD at the current USD SELL rate
 * of `GET /v1/rates` and pays that rate's fee_bps on the USD value (the sandbox's engine,
 * emulator/core/engine.ts `quoteTransfer`, prices it the same way). USD and stablecoin amounts are
 * 1:1, but the provider publishes no fee for the ACH, wire, SWIFT or crypto rails, so their fee is
 * unknown until the transfer is priced: the quote says so instead of inventing a number. Everything
 * is taken from the withdrawal balance in USD, rounded up to the cent. The provider's answer when
 * the transfer is sent is final. Client-safe: exact decimal strings (lib/money), never floats; each
 * step keeps decimal.js's 20 significant digits, as the engine computes it.
 */
import { addDecimals, compareDecimals, divideDecimals, multiplyDecimals, toFixedDecimal, toSignificant } from "@/lib/money";

export interface QuoteInput {
  currency: string;
  /** A positive decimal string with at most two decimals (the form's amount). */
  amount: string;
  /** NGN only: the USD SELL rate (NGN per USD) and its fee in basis points. */
  rate?: { value: string; feeBps: number } | null;
}

export interface TransferQuote {
  /** NGN: amount plus fee. Other currencies: the amount alone, the least that will be debited. */
  debitAmount: string;
  debitCurrency: "USD";
  /** null when the provider publishes no fee for the rail: it is priced when the transfer is sent. */
  fee: string | null;
  /** NGN per USD for NGN transfers; "1.00" for USD and stablecoins. */
  rate: string;
  /** The amount in USD before the fee. */
  convertedUsd: string;
  feeBps: number | null;
}

/** The quote, or null while something it needs is missing (no valid amount, or no rate yet for NGN). */
export function quoteTransfer(q: QuoteInput): TransferQuote | null {
  if (!/^\d+(\.\d{1,2})?$/.test(q.amount.trim())) return null;
  const amount = q.amount.trim();
  if (compareDecimals(amount, 0) <= 0) return null;
  if (q.currency === "NGN") {
    if (!q.rate || !/^\d+(\.\d+)?$/.test(q.rate.value) || compareDecimals(q.rate.value, 0) <= 0) return null;
    const base = divideDecimals(amount, q.rate.value);
    const fee = toFixedDecimal(divideDecimals(toSignificant(multiplyDecimals(base, q.rate.feeBps)), 10_000), 2, "up");
    const converted = toFixedDecimal(base, 2, "up");
    return {
      debitAmount: toFixedDecimal(addDecimals(converted, fee), 2),
      debitCurrency: "USD",
      fee,
      rate: q.rate.value,
      convertedUsd: converted,
      feeBps: q.rate.feeBps,
    };
  }
  return {
    debitAmount: toFixedDecimal(amount, 2),
    debitCurrency: "USD",
    fee: null,
    rate: "1.00",
    convertedUsd: toFixedDecimal(amount, 2),
    feeBps: null,
  };
}
