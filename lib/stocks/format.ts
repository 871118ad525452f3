/**
 * Number formats of the Stocks pages. Client-safe. Prices keep the asset's own precision,
 * quantities up to eight places without trailing zeros, changes always carry their sign in text
 * (never colour alone). Strings in, strings out: Intl formats decimal strings without a float trip.
 */
import { Decimal, formatMoney, toDecimal } from "@/lib/money";

const priceFormats = new Map<number, Intl.NumberFormat>();

/** "USD 1,180.00" with the asset's `price_precision` (2 when not given). */
export function formatPrice(value: string | null | undefined, precision?: number | null): string {
  const d = toDecimal(value ?? null);
  if (d === null) return value ? `USD ${value}` : "—";
  const digits = Math.min(Math.max(precision ?? 2, 0), 10);
  let f = priceFormats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "USD",
      currencyDisplay: "code",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    priceFormats.set(digits, f);
  }
  return f.format(d.toFixed(digits, Decimal.ROUND_HALF_UP) as unknown as number).replace(/\u00a0/g, " ");
}

const quantityFormat = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 0, maximumFractionDigits: 8 });

/** "3.5", "1,250.12345678": a token quantity as held, without padding zeros. */
export function formatQuantity(value: string | null | undefined): string {
  const d = toDecimal(value ?? null);
  if (d === null) return value ?? "—";
  return quantityFormat.format(d.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() as unknown as number);
}

export type Direction = "up" | "down" | "flat";

export function directionOf(value: string | null | undefined): Direction {
  const d = toDecimal(value ?? null);
  if (d === null || d.isZero()) return "flat";
  return d.isNegative() ? "down" : "up";
}

/** "+1.23 %", "−0.40 %", "0.00 %". */
export function formatPct(value: string | null | undefined): string {
  const d = toDecimal(value ?? null);
  if (d === null) return "—";
  const abs = d.abs().toFixed(2, Decimal.ROUND_HALF_UP);
  const sign = d.isZero() || abs === "0.00" ? "" : d.isNegative() ? "−" : "+";
  return `${sign}${abs} %`;
}

/** "+USD 12.30", "−USD 4.00". */
export function formatSignedUsd(value: string | null | undefined, precision?: number | null): string {
  const d = toDecimal(value ?? null);
  if (d === null) return "—";
  const text = precision != null ? formatPrice(d.abs().toFixed(), precision) : formatMoney(d.abs(), "USD");
  const zero = /^USD 0(\.0+)?$/.test(text);
  return `${zero ? "" : d.isNegative() ? "−" : "+"}${text}`;
}
