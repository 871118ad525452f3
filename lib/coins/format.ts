/**
 * Coins figures as a finance team reads them. Fiat (USD, NGN) goes through formatMoney; crypto
 * assets keep every decimal the provider sent (a satoshi matters), with thousands grouped and the
 * symbol after the figure's code prefix, like formatMoney. Client-safe.
 */
import { compareDecimals, divideDecimals, formatMoney, isDecimalString, toFixedDecimal } from "@/lib/money";

const FIAT = new Set(["USD", "NGN", "EUR", "GBP"]);
const grouped = new Map<number, Intl.NumberFormat>();

function groupedWith(digits: number): Intl.NumberFormat {
  let f = grouped.get(digits);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    grouped.set(digits, f);
  }
  return f;
}

/** The decimals a decimal string carries ("0.05000000" -> 8). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.trim().length - dot - 1;
}

/** "USD 1,250.00", "BTC 0.05000000": an amount of an asset, exact, never through a float. */
export function formatAsset(amount: string | null | undefined, asset: string | null | undefined): string {
  if (amount == null || amount === "") return "—";
  const code = (asset ?? "").toUpperCase();
  if (FIAT.has(code)) return formatMoney(amount, code);
  if (!isDecimalString(amount)) return `${code} ${amount}`.trim();
  const digits = Math.max(2, decimalsOf(amount.trim()));
  // Intl formats a numeric string exactly (ES2023), so no digit is lost to a float.
  const text = groupedWith(digits).format(toFixedDecimal(amount, digits) as unknown as number);
  return code ? `${code} ${text}` : text;
}

/** "+1.25 %" / "−0.40 %" from a decimal percent string. */
export function formatPercent(value: string | null | undefined): string {
  if (!isDecimalString(value)) return "—";
  const v = value.trim();
  const sign = compareDecimals(v, 0) > 0 ? "+" : v.startsWith("-") && compareDecimals(v, 0) < 0 ? "−" : "";
  return `${sign}${groupedWith(2).format(toFixedDecimal(v.replace(/^-/, ""), 2) as unknown as number)} %`;
}

/** "75 bps (0.75 %)": a fee in basis points and what it is as a percentage. */
export function formatBps(bps: number | null | undefined): string {
  if (bps == null) return "—";
  return `${bps} bps (${toFixedDecimal(divideDecimals(bps, 100), 2)} %)`;
}
