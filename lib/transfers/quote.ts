/**
 * The transfer quote shown before confirming. The provider has no quote endpoint, so it is worked
 * out the way the provider prices a transfer (the sandbox's engine, emulator/core/engine.ts
 * `quoteTransfer`): an NGN amount converts to USD at the current USD SELL rate of `GET /v1/rates`
 * and pays the rate's fee_bps on the USD value; USD and stablecoin amounts are 1:1 with the flat
 * fee of their payout rail. Everything is taken from the withdrawal balance in USD, rounded up to
 * the cent. It is an estimate: the provider's answer when the transfer is sent is final.
 * Client-safe: decimal.js only, never floats.
 */
import { Decimal } from "@/lib/money";

/** Flat fees per payout rail in USD (the provider's sandbox schedule); NGN pays the rate's fee_bps instead. */
export const FLAT_FEES_USD = { ach: "1.00", wire: "15.00", swift: "25.00", crypto: "1.00" } as const;

export interface QuoteInput {
  currency: string;
  /** A positive decimal string with at most two decimals (the form's amount). */
  amount: string;
  recipientType: string;
  /** US bank accounts: `ach` or `wire`. */
  payoutScheme?: string | null;
  /** NGN only: the USD SELL rate (NGN per USD) and its fee in basis points. */
  rate?: { value: string; feeBps: number } | null;
}

export interface TransferQuote {
  /** What leaves the withdrawal balance, fee included. */
  debitAmount: string;
  debitCurrency: "USD";
  fee: string;
  /** NGN per USD for NGN transfers; "1.00" for USD and stablecoins. */
  rate: string;
  /** The amount in USD before the fee. */
  convertedUsd: string;
  feeBps: number | null;
}

const cents = (d: Decimal, rounding: Decimal.Rounding) => d.toDecimalPlaces(2, rounding);

/** The flat fee of a non-NGN transfer, by the recipient's rail. */
export function flatFee(recipientType: string, payoutScheme?: string | null): string {
  if (recipientType === "US_BANK_ACCOUNT") return payoutScheme === "wire" ? FLAT_FEES_USD.wire : FLAT_FEES_USD.ach;
  if (recipientType === "SWIFT_BANK_ACCOUNT") return FLAT_FEES_USD.swift;
  return FLAT_FEES_USD.crypto;
}

/** The quote, or null while something it needs is missing (no valid amount, or no rate yet for NGN). */
export function quoteTransfer(q: QuoteInput): TransferQuote | null {
  if (!/^\d+(\.\d{1,2})?$/.test(q.amount.trim())) return null;
  const amount = new Decimal(q.amount.trim());
  if (amount.lte(0)) return null;
  if (q.currency === "NGN") {
    if (!q.rate || !/^\d+(\.\d+)?$/.test(q.rate.value) || new Decimal(q.rate.value).lte(0)) return null;
    const base = amount.dividedBy(q.rate.value);
    const fee = cents(base.times(q.rate.feeBps).dividedBy(10_000), Decimal.ROUND_UP);
    return {
      debitAmount: cents(base, Decimal.ROUND_UP).plus(fee).toFixed(2),
      debitCurrency: "USD",
      fee: fee.toFixed(2),
      rate: q.rate.value,
      convertedUsd: cents(base, Decimal.ROUND_UP).toFixed(2),
      feeBps: q.rate.feeBps,
    };
  }
  const fee = new Decimal(flatFee(q.recipientType, q.payoutScheme));
  return {
    debitAmount: cents(amount.plus(fee), Decimal.ROUND_UP).toFixed(2),
    debitCurrency: "USD",
    fee: fee.toFixed(2),
    rate: "1.00",
    convertedUsd: amount.toFixed(2),
    feeBps: null,
  };
}
