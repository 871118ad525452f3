/**
 * Money as the app handles it: decimal strings in and out, never floats. Client-safe and light on
 * purpose (no decimal.js, which would add 13 KiB to every page showing an amount): Intl formats a
 * decimal string exactly and rounds it itself (ES2023 `roundingMode`), and the few sums a page
 * works out (a balance after a move, a quantity times a price) are exact on BigInt below. Server
 * code that needs more (precision, many operations) uses decimal.js through `lib/decimal.ts`.
 */

/** A plain decimal string: optional minus, digits, optional fraction. No exponent, no grouping. */
export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

/** Whether a value is a decimal string the provider would accept as an amount. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === "string" && DECIMAL_PATTERN.test(value.trim());
}

/** Minor-unit digits per currency; stablecoins shown like dollars, unknown codes with 2. */
const DIGITS: Record<string, number> = { USD: 2, NGN: 2, USDT: 2, USDC: 2, EUR: 2, GBP: 2 };

export function currencyDigits(currency: string): number {
  return DIGITS[currency.toUpperCase()] ?? 2;
}

/**
 * Currencies shown with their symbol. Only where the symbol names one currency for this team: "$"
 * is the US dollar here, but would be ambiguous for the other dollars (CAD, AUD...), and tokens
 * (USDT, USDC, BTC) have no symbol of their own, so those keep their code.
 */
const SYMBOL_CURRENCIES = new Set(["USD", "NGN", "EUR", "GBP"]);

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string, digits: number): Intl.NumberFormat {
  const key = `${currency}|${digits}`;
  let f = formatters.get(key);
  if (!f) {
    // ROUND_HALF_UP as decimal.js names it: a half goes away from zero.
    const rounding = { minimumFractionDigits: digits, maximumFractionDigits: digits, roundingMode: "halfExpand" } as const;
    try {
      f = new Intl.NumberFormat("en-GB", {
        style: "currency",
        currency,
        currencyDisplay: SYMBOL_CURRENCIES.has(currency) ? "narrowSymbol" : "code",
        ...rounding,
      });
    } catch {
      // A code Intl does not know (e.g. a crypto asset): a plain number, the code added by the caller.
      f = new Intl.NumberFormat("en-GB", rounding);
    }
    formatters.set(key, f);
  }
  return f;
}

/**
 * "$12,500.00", "₦1,000.00", "USDT 5.00" from a decimal string (or a decimal.js value on the
 * server), rounded half-up to the currency's digits. Intl.NumberFormat takes the decimal string
 * itself (ES2023 "Intl.NumberFormat v3") and keeps its precision: no float round trip.
 */
export function formatMoney(amount: string | { toFixed(): string } | null | undefined, currency: string): string {
  if (amount == null) return "—";
  const text = typeof amount === "string" ? amount.trim() : amount.toFixed();
  const code = currency.toUpperCase();
  if (!DECIMAL_PATTERN.test(text)) return `${code} ${text}`;
  const f = formatterFor(code, currencyDigits(code));
  const shown = f.format(text as unknown as number);
  return f.resolvedOptions().style === "currency" ? shown.replace(/\u00a0/g, " ") : `${code} ${shown}`;
}

// Exact arithmetic on decimal strings: a value is an integer `m` scaled by 10^-e.
type Scaled = { m: bigint; e: number };

function parse(value: string | number): Scaled {
  const text = String(value).trim();
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal string: ${text}`);
  const fraction = match[3] ?? "";
  return { m: BigInt(`${match[1]}${match[2]}${fraction}`), e: fraction.length };
}

const TEN = BigInt(10);
const pow10 = (n: number) => TEN ** BigInt(n);

function align(a: Scaled, b: Scaled): [bigint, bigint, number] {
  const e = Math.max(a.e, b.e);
  return [a.m * pow10(e - a.e), b.m * pow10(e - b.e), e];
}

function show({ m, e }: Scaled): string {
  const negative = m < BigInt(0);
  const digits = (negative ? -m : m).toString().padStart(e + 1, "0");
  const int = digits.slice(0, digits.length - e);
  const fraction = digits.slice(digits.length - e).replace(/0+$/, "");
  return `${negative ? "-" : ""}${int}${fraction ? `.${fraction}` : ""}`;
}

/** How a value is rounded to fewer digits: "half-up" and "up" go away from zero, "down" towards it. */
export type Rounding = "half-up" | "up" | "down";

function roundScaled({ m, e }: Scaled, digits: number, mode: Rounding): Scaled {
  if (e <= digits) return { m: m * pow10(digits - e), e: digits };
  const unit = pow10(e - digits);
  const zero = BigInt(0);
  const q = m / unit;
  const r = m % unit;
  const away = mode === "up" ? r !== zero : mode === "half-up" ? (r < zero ? -r : r) * BigInt(2) >= unit : false;
  return { m: away ? q + (m < zero ? BigInt(-1) : BigInt(1)) : q, e: digits };
}

/** -1, 0 or 1 as a is below, equal to or above b. Throws on a value that is not a decimal string. */
export function compareDecimals(a: string | number, b: string | number): -1 | 0 | 1 {
  const [x, y] = align(parse(a), parse(b));
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimals(a: string | number, b: string | number): string {
  const [x, y, e] = align(parse(a), parse(b));
  return show({ m: x + y, e });
}

export function subtractDecimals(a: string | number, b: string | number): string {
  const [x, y, e] = align(parse(a), parse(b));
  return show({ m: x - y, e });
}

export function multiplyDecimals(a: string | number, b: string | number): string {
  const x = parse(a);
  const y = parse(b);
  return show({ m: x.m * y.m, e: x.e + y.e });
}

/** The value with `digits` significant digits, rounded half-up (decimal.js's default precision is 20). */
export function toSignificant(value: string | number, digits = 20): string {
  const x = parse(value);
  const length = (x.m < BigInt(0) ? -x.m : x.m).toString().length;
  if (length <= digits) return show(x);
  const drop = length - digits;
  if (drop <= x.e) return show(roundScaled(x, x.e - drop, "half-up"));
  // An integer longer than the precision: round its last digits to zeros.
  const r = roundScaled({ m: x.m, e: x.e + (drop - x.e) }, 0, "half-up");
  return show({ m: r.m * pow10(drop - x.e), e: 0 });
}

/** a / b to `digits` significant digits, half-up: what decimal.js's `dividedBy` gives at its default precision. */
export function divideDecimals(a: string | number, b: string | number, digits = 20): string {
  const x = parse(a);
  const y = parse(b);
  if (y.m === BigInt(0)) throw new RangeError("Division by zero");
  const n = x.m * pow10(y.e);
  const d = y.m * pow10(x.e);
  const abs = (v: bigint) => (v < BigInt(0) ? -v : v);
  // Enough digits that the quotient holds one more than the precision; the remainder only ever
  // lies strictly between two candidates, so half-up on the truncated digits is exact.
  const k = Math.max(0, digits + 1 + abs(d).toString().length - abs(n).toString().length);
  const q = (n * pow10(k)) / d;
  const rest = (n * pow10(k)) % d;
  const truncated = show({ m: q, e: k });
  if (rest === BigInt(0)) return toSignificant(truncated, digits);
  // A non-zero remainder is below the last kept digit: a trailing 1 keeps "exactly half" from tying.
  const sign = n < BigInt(0) !== d < BigInt(0) ? "-" : "";
  const magnitude = show({ m: abs(q) * TEN + BigInt(1), e: k + 1 });
  return toSignificant(`${sign}${magnitude}`, digits);
}

/** The value with exactly `digits` decimals ("12.50"), rounded half-up unless told otherwise. */
export function toFixedDecimal(value: string | number, digits: number, mode: Rounding = "half-up"): string {
  const r = roundScaled(parse(value), digits, mode);
  const text = show(r);
  const [int, fraction = ""] = text.split(".");
  const fixed = digits > 0 ? `${int}.${fraction.padEnd(digits, "0")}` : int;
  return /^-0(\.0*)?$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** The sum of decimal strings as a decimal string with the given digits. A value that is not one counts as 0. */
export function sumDecimals(values: readonly string[], digits = 2): string {
  return toFixedDecimal(
    values.reduce((acc, v) => (isDecimalString(v) ? addDecimals(acc, v) : acc), "0"),
    digits,
  );
}

/** The decimal string in its shortest form ("1.50" -> "1.5", "-0" -> "0"), like decimal.js's toFixed(). */
export function plainDecimal(value: string | number): string {
  const text = show(parse(value));
  return text === "-0" ? "0" : text;
}
