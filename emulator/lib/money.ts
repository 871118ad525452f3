/**
 * Decimal helpers for money, prices and quantities. Amounts travel as decimal strings and are
 * computed with decimal.js, never with binary floats.
 */
import Decimal from "decimal.js";

export { Decimal };

/** Anything the helpers accept as a number: a decimal string, a Decimal, or a safe integer. */
export type DecimalInput = Decimal | string | number;

// Plain decimal notation only: no exponent, no hex, no leading "+", no thousands separators.
const DECIMAL_RE = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

export function toDecimal(v: DecimalInput): Decimal {
  if (v instanceof Decimal) return v;
  if (typeof v === "number") {
    // Floats are refused: money must never have passed through binary floating point.
    if (!Number.isSafeInteger(v)) throw new TypeError(`non-integer number ${v} used as money; pass a decimal string`);
    return new Decimal(v);
  }
  const parsed = parseDecimal(v, { allowNegative: true });
  if (!parsed) throw new TypeError(`invalid decimal string: ${JSON.stringify(v)}`);
  return parsed;
}

export interface ParseDecimalOptions {
  /** Default false: amounts in requests are positive or zero. */
  allowNegative?: boolean;
  /** Maximum digits after the point; more is refused rather than rounded. */
  maxDecimalPlaces?: number;
}

/**
 * Validates and parses a decimal string from a request. Returns null when the input is not a
 * plain decimal string (numbers, exponents, blanks and "NaN" are refused: the API takes strings).
 */
export function parseDecimal(input: unknown, opts: ParseDecimalOptions = {}): Decimal | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  if (s !== input || !DECIMAL_RE.test(s)) return null;
  if (!opts.allowNegative && s.startsWith("-")) return null;
  if (opts.maxDecimalPlaces !== undefined) {
    const dot = s.indexOf(".");
    if (dot >= 0 && s.length - dot - 1 > opts.maxDecimalPlaces) return null;
  }
  return new Decimal(s);
}

export function isDecimalString(input: unknown, opts: ParseDecimalOptions = {}): input is string {
  return parseDecimal(input, opts) !== null;
}

export const add = (a: DecimalInput, b: DecimalInput): Decimal => toDecimal(a).plus(toDecimal(b));
export const sub = (a: DecimalInput, b: DecimalInput): Decimal => toDecimal(a).minus(toDecimal(b));
export const mul = (a: DecimalInput, b: DecimalInput): Decimal => toDecimal(a).times(toDecimal(b));
export function div(a: DecimalInput, b: DecimalInput): Decimal {
  const d = toDecimal(b);
  if (d.isZero()) throw new RangeError("division by zero");
  return toDecimal(a).dividedBy(d);
}
/** -1, 0 or 1. */
export const cmp = (a: DecimalInput, b: DecimalInput): number => toDecimal(a).comparedTo(toDecimal(b));
export const isPositive = (a: DecimalInput): boolean => toDecimal(a).greaterThan(0);
export const isZero = (a: DecimalInput): boolean => toDecimal(a).isZero();
export const min = (a: DecimalInput, b: DecimalInput): Decimal => Decimal.min(toDecimal(a), toDecimal(b));
export const max = (a: DecimalInput, b: DecimalInput): Decimal => Decimal.max(toDecimal(a), toDecimal(b));

export type RoundingMode = "half_up" | "down" | "up" | "half_even";
const ROUNDING: Record<RoundingMode, Decimal.Rounding> = {
  half_up: Decimal.ROUND_HALF_UP,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  half_even: Decimal.ROUND_HALF_EVEN,
};

/** Fixed-point string with exactly `dp` decimals, e.g. fixed("1.5", 8) -> "1.50000000". */
export function fixed(n: DecimalInput, dp: number, rounding: RoundingMode = "half_up"): string {
  const s = toDecimal(n).toFixed(dp, ROUNDING[rounding]);
  // decimal.js keeps the sign of a negative value rounded to zero; the API never shows "-0".
  return /^-0(?:\.0*)?$/.test(s) ? s.slice(1) : s;
}

/** Shortest plain decimal string (no exponent, no trailing zeros). */
export function plain(n: DecimalInput): string {
  const d = toDecimal(n);
  return d.isZero() ? "0" : d.toFixed();
}

export function sum(values: readonly DecimalInput[]): Decimal {
  return values.reduce<Decimal>((acc, v) => acc.plus(toDecimal(v)), new Decimal(0));
}
