/**
 * Number formats of the Stocks pages. Client-safe. Prices keep the asset's own precision,
 * quantities up to eight places without trailing zeros, changes always carry their sign in text
 * (never colour alone). Strings in, strings out: Intl formats decimal strings without a float trip.
 */
import { compareDecimals, formatMoney, isDecimalString, toFixedDecimal } from "@/lib/money";

/** The trimmed decimal string, or null when the value is not one. */
const decimal = (value: string | null | undefined): string | null => (isDecimalString(value) ? value.trim() : null);
const abs = (d: string) => d.replace(/^-/, "");

const priceFormats = new Map<number, Intl.NumberFormat>();

/** "$1,180.00" with the asset's `price_precision` (2 when not given). */
export function formatPrice(value: string | null | undefined, precision?: number | null): string {
  const d = decimal(value);
  if (d === null) return value ? `USD ${value}` : "—";
  const digits = Math.min(Math.max(precision ?? 2, 0), 10);
  let f = priceFormats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "USD",
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    priceFormats.set(digits, f);
  }
  return f.format(toFixedDecimal(d, digits) as unknown as number).replace(/\u00a0/g, " ");
}

const quantityFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: 8 });

/** "3.5", "1,250.12345678": a token quantity as held, without padding zeros. */
export function formatQuantity(value: string | null | undefined): string {
  const d = decimal(value);
  if (d === null) return value ?? "—";
  return quantityFormat.format(toFixedDecimal(d, 8, "down") as unknown as number);
}

export type Direction = "up" | "down" | "flat";

export function directionOf(value: string | null | undefined): Direction {
  const d = decimal(value);
  if (d === null || compareDecimals(d, 0) === 0) return "flat";
  return compareDecimals(d, 0) < 0 ? "down" : "up";
}

/** "+1.23 %", "−0.40 %", "0.00 %". */
export function formatPct(value: string | null | undefined): string {
  const d = decimal(value);
  if (d === null) return "—";
  const shown = toFixedDecimal(abs(d), 2);
  const sign = shown === "0.00" ? "" : compareDecimals(d, 0) < 0 ? "−" : "+";
  return `${sign}${shown} %`;
}

/** "+$12.30", "−$4.00". */
export function formatSignedUsd(value: string | null | undefined, precision?: number | null): string {
  const d = decimal(value);
  if (d === null) return "—";
  const text = precision != null ? formatPrice(abs(d), precision) : formatMoney(abs(d), "USD");
  const zero = /^(USD |\$)0(\.0+)?$/.test(text);
  return `${zero ? "" : compareDecimals(d, 0) < 0 ? "−" : "+"}${text}`;
}
