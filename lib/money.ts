/**
 * Money as the app handles it: decimal strings in and out, decimal.js for arithmetic (never
 * floats), and Intl.NumberFormat per currency for display. Client-safe: no server imports.
 */
import Decimal from "decimal.js";

export { Decimal };

/** A plain decimal string: optional minus, digits, optional fraction. No exponent, no grouping. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** Whether a value is a decimal string the provider would accept as an amount. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === "string" && DECIMAL_PATTERN.test(value.trim());
}

/** Parses a decimal string; null when it is not one (never NaN, never a float). */
export function toDecimal(value: string | null | undefined): Decimal | null {
  if (value == null) return null;
  const v = value.trim();
  if (!DECIMAL_PATTERN.test(v)) return null;
  return new Decimal(v);
}

/** Minor-unit digits per currency; stablecoins shown like dollars, unknown codes with 2. */
const DIGITS: Record<string, number> = { USD: 2, NGN: 2, USDT: 2, USDC: 2, EUR: 2, GBP: 2 };

export function currencyDigits(currency: string): number {
  return DIGITS[currency.toUpperCase()] ?? 2;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, digits: number): Intl.NumberFormat {
  const key = `${currency}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency,
        currencyDisplay: "code",
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    } catch {
      // A code Intl does not know (e.g. a crypto asset): a plain number, the code added by the caller.
      f = new Intl.NumberFormat("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * "USD 12,500.00" from a decimal string. Intl formats strings exactly (no float round trip) since
 * it accepts decimal strings as input; the value is rounded half-up to the currency's digits by
 * decimal.js first so the shown figure is never off by a float artefact.
 */
export function formatMoney(amount: string | Decimal | null | undefined, currency: string): string {
  if (amount == null) return "—";
  const d = typeof amount === "string" ? toDecimal(amount) : amount;
  if (!d) return `${currency} ${amount}`;
  const digits = currencyDigits(currency);
  const fixed = d.toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
  const f = formatterFor(currency.toUpperCase(), digits);
  // Intl.NumberFormat.format accepts a numeric string and keeps its precision (ES2023 "Intl.NumberFormat v3").
  const text = f.format(fixed as unknown as number);
  return f.resolvedOptions().style === "currency" ? text.replace(/\u00a0/g, " ") : `${currency.toUpperCase()} ${text}`;
}

/** The sum of decimal strings as a decimal string with the given digits. */
export function sumDecimals(values: readonly string[], digits = 2): string {
  return values.reduce((acc, v) => acc.plus(toDecimal(v) ?? 0), new Decimal(0)).toFixed(digits);
}
