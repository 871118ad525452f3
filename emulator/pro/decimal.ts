/**
 * Decimal arithmetic for the Pro surface. A clone of decimal.js with 40 significant digits, so a
 * product of an 8-decimal quantity and a price never loses digits before the final rounding.
 */
import DecimalJs from "decimal.js";
import { parseDecimal } from "../lib/money";

export const D = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Dec = InstanceType<typeof D>;

export const ZERO = new D(0);

/** Quantities (base asset, USD) travel with exactly 8 decimal places. */
export const QTY_DP = 8;
/** NGN amounts and prices travel with 2 decimal places (kobo). */
export const NGN_DP = 2;

export function dec(v: string | number | Dec): Dec {
  return new D(v);
}

/** Parses a request decimal string (plain notation only, no floats); null when invalid. */
export function parseAmount(input: unknown, maxDecimalPlaces: number): Dec | null {
  const parsed = parseDecimal(input, { maxDecimalPlaces });
  return parsed === null ? null : new D(parsed.toFixed());
}

export function qty(v: Dec): string {
  return v.toFixed(QTY_DP, D.ROUND_DOWN);
}

export function ngn(v: Dec, rounding: DecimalJs.Rounding = D.ROUND_HALF_UP): string {
  return v.toFixed(NGN_DP, rounding);
}

/** Rounds to kobo in the given direction, keeping a Decimal. */
export function kobo(v: Dec, rounding: DecimalJs.Rounding = D.ROUND_HALF_UP): Dec {
  return v.toDecimalPlaces(NGN_DP, rounding);
}

export function minDec(a: Dec, b: Dec): Dec {
  return a.lessThan(b) ? a : b;
}

export function maxDec(a: Dec, b: Dec): Dec {
  return a.greaterThan(b) ? a : b;
}
