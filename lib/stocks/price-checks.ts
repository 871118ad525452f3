/**
 * The prices page's checks of a symbol list and of a conversion (pair and amount), as plain
 * functions: the toolbar and the converter run them in the browser without zod, and the schemas in
 * `prices-query.ts` (the page and the GET routes) are built on the same functions, so both say the
 * same sentence at the same field.
 */
import { DECIMAL_PATTERN } from "@/lib/money";

export const SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,14}$/;
/** The convert mode's cash side, as the provider names it. */
export const USD = "USD";

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** A comma-separated symbol list: upper-cased, deduplicated, at most 50 symbols. */
export function checkSymbolList(v: string | undefined): Checked<string[]> {
  const list = [
    ...new Set(
      (v ?? "")
        .split(",")
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const bad = list.filter((s) => !SYMBOL_PATTERN.test(s));
  if (bad.length > 0) return { ok: false, message: `Not a symbol: ${bad.join(", ")}. Use tickers separated by commas, e.g. AAPL, TSLA.` };
  if (list.length > 50) return { ok: false, message: "List at most 50 symbols." };
  return { ok: true, value: list };
}

/** One side of a conversion: a symbol (or USD), upper-cased; blank is none. */
export function checkAsset(v: string | undefined): Checked<string | undefined> {
  const s = v?.trim().toUpperCase();
  if (!s) return { ok: true, value: undefined };
  if (!SYMBOL_PATTERN.test(s)) return { ok: false, message: "Choose an asset from the list." };
  return { ok: true, value: s };
}

/** The amount of the source, above zero, thousands separators dropped; blank is none (1). */
export function checkAmount(v: string | undefined): Checked<string | undefined> {
  const a = v?.trim().replace(/,/g, "");
  if (!a) return { ok: true, value: undefined };
  if (!DECIMAL_PATTERN.test(a) || /^-/.test(a) || /^0*(\.0*)?$/.test(a)) return { ok: false, message: "Enter an amount above zero, e.g. 100 or 2.5." };
  if (a.length > 30) return { ok: false, message: "That amount is too long." };
  return { ok: true, value: a };
}

export const SAME_PAIR_MESSAGE = "Choose a target different from the source.";

export interface ConvertInput {
  from?: string;
  to?: string;
  amount?: string;
}

/** A conversion's fields, each checked; the pair is compared only when every field passed. */
export function checkConvert(raw: {
  from?: string;
  to?: string;
  amount?: string;
}): { ok: true; value: ConvertInput } | { ok: false; fieldErrors: Record<string, string> } {
  const fields = { from: checkAsset(raw.from), to: checkAsset(raw.to), amount: checkAmount(raw.amount) };
  const fieldErrors: Record<string, string> = {};
  for (const [k, r] of Object.entries(fields)) if (!r.ok) fieldErrors[k] = r.message;
  if (!fields.from.ok || !fields.to.ok || !fields.amount.ok) return { ok: false, fieldErrors };
  const value = { from: fields.from.value, to: fields.to.value, amount: fields.amount.value };
  if (value.from && value.to && value.from === value.to) return { ok: false, fieldErrors: { to: SAME_PAIR_MESSAGE } };
  return { ok: true, value };
}

/** The query string of a conversion, the same on the server and in the browser (the query's identity). */
export function convertQuery(from: string, to: string, amount?: string): string {
  return new URLSearchParams({ from, to, ...(amount ? { amount } : {}) }).toString();
}
