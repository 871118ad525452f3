/**
 * The prices page's URL state: the price list's symbols and the converter's pair and amount,
 * shared by the page and its GET routes. Unlike a list filter, they are checked like a form: a
 * malformed symbol or amount is refused with a sentence at its field, rather than dropped. The
 * checks themselves are in `price-checks.ts` (no zod), which the toolbar and the converter run in
 * the browser; these schemas wrap them for the server.
 */
import { z } from "zod";
import { type Checked, checkAmount, checkAsset, checkSymbolList, SAME_PAIR_MESSAGE } from "./price-checks";

export { convertQuery, SYMBOL_PATTERN, USD } from "./price-checks";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const flatten = (raw: Record<string, string | string[] | undefined>) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, one(v)]));

/** A string field checked by one of the plain checks: its sentence becomes the field's issue. */
const checked = <T>(check: (v: string | undefined) => Checked<T>) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const r = check(v);
      if (r.ok) return r.value;
      ctx.addIssue({ code: "custom", message: r.message });
      return z.NEVER;
    });

export const priceFiltersSchema = z.object({ symbols: checked(checkSymbolList) });
export type PriceFilters = z.output<typeof priceFiltersSchema>;

/** Convert mode: source and target (a stock or USD, not the same), and an optional amount of the source. */
export const convertSchema = z.object({ from: checked(checkAsset), to: checked(checkAsset), amount: checked(checkAmount) }).superRefine((v, ctx) => {
  if (v.from && v.to && v.from === v.to) ctx.addIssue({ code: "custom", path: ["to"], message: SAME_PAIR_MESSAGE });
});
export type ConvertInput = z.output<typeof convertSchema>;

export function parsePriceFilters(raw: Record<string, string | string[] | undefined>) {
  return priceFiltersSchema.safeParse(flatten(raw));
}

export function parseConvert(raw: Record<string, string | string[] | undefined>) {
  const f = flatten(raw);
  return convertSchema.safeParse({ from: f.from, to: f.to, amount: f.amount });
}

/** The first message per field of a refused filter or form. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const { fieldErrors } = z.flattenError(error);
  return Object.fromEntries(Object.entries(fieldErrors as Record<string, string[] | undefined>).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : [])));
}
