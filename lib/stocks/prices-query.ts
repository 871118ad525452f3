/**
 * The prices page's URL state: the price list's symbols and the converter's pair and amount,
 * shared by the page, its GET routes, the symbols field and the converter. Client-safe. Unlike a
 * list filter, they are checked like a form: a malformed symbol or amount is refused with a
 * sentence at its field, rather than dropped.
 */
import { z } from "zod";
import { DECIMAL_PATTERN } from "@/lib/money";

export const SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.-]{0,14}$/;
/** The convert mode's cash side, as the provider names it. */
export const USD = "USD";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const flatten = (raw: Record<string, string | string[] | undefined>) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, one(v)]));

const symbolList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const list = [
      ...new Set(
        (v ?? "")
          .split(",")
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    const bad = list.filter((s) => !SYMBOL_PATTERN.test(s));
    if (bad.length > 0) {
      ctx.addIssue({ code: "custom", message: `Not a symbol: ${bad.join(", ")}. Use tickers separated by commas, e.g. AAPL, TSLA.` });
      return z.NEVER;
    }
    if (list.length > 50) {
      ctx.addIssue({ code: "custom", message: "List at most 50 symbols." });
      return z.NEVER;
    }
    return list;
  });

const asset = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const s = v?.trim().toUpperCase();
    if (!s) return undefined;
    if (!SYMBOL_PATTERN.test(s)) {
      ctx.addIssue({ code: "custom", message: "Choose an asset from the list." });
      return z.NEVER;
    }
    return s;
  });

export const priceFiltersSchema = z.object({ symbols: symbolList });
export type PriceFilters = z.output<typeof priceFiltersSchema>;

/** Convert mode: source and target (a stock or USD, not the same), and an optional amount of the source. */
export const convertSchema = z
  .object({
    from: asset,
    to: asset,
    amount: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const a = v?.trim().replace(/,/g, "");
        if (!a) return undefined;
        if (!DECIMAL_PATTERN.test(a) || /^-/.test(a) || /^0*(\.0*)?$/.test(a)) {
          ctx.addIssue({ code: "custom", message: "Enter an amount above zero, e.g. 100 or 2.5." });
          return z.NEVER;
        }
        if (a.length > 30) {
          ctx.addIssue({ code: "custom", message: "That amount is too long." });
          return z.NEVER;
        }
        return a;
      }),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from === v.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Choose a target different from the source." });
  });
export type ConvertInput = z.output<typeof convertSchema>;

export function parsePriceFilters(raw: Record<string, string | string[] | undefined>) {
  return priceFiltersSchema.safeParse(flatten(raw));
}

export function parseConvert(raw: Record<string, string | string[] | undefined>) {
  const f = flatten(raw);
  return convertSchema.safeParse({ from: f.from, to: f.to, amount: f.amount });
}

/** The query string of a conversion, the same on the server and in the browser (the query's identity). */
export function convertQuery(from: string, to: string, amount?: string): string {
  return new URLSearchParams({ from, to, ...(amount ? { amount } : {}) }).toString();
}

/** The first message per field of a refused filter or form (client-safe). */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const { fieldErrors } = z.flattenError(error);
  return Object.fromEntries(Object.entries(fieldErrors as Record<string, string[] | undefined>).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : [])));
}
