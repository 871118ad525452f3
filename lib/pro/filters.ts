/**
 * The Pro order list's filters as they live in the URL (page, toolbar and GET route share them):
 * open orders or the whole history, status, symbol and page. Client-safe. An unknown value in a
 * shared link is dropped, never an error page.
 */
import { z } from "zod";
import { PRO_ORDER_STATUSES, PRO_SYMBOLS } from "./labels";

export const PAGE_SIZE = 20;
export const ORDER_VIEWS = ["open", "history"] as const;

const oneOf = <T extends readonly string[]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => (values.includes(v ?? "") ? (v as T[number]) : undefined));

export const proOrderFiltersSchema = z.object({
  view: z
    .string()
    .optional()
    .transform((v): (typeof ORDER_VIEWS)[number] => (v === "history" ? "history" : "open")),
  status: oneOf(PRO_ORDER_STATUSES),
  symbol: oneOf(PRO_SYMBOLS),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ProOrderFilters = z.output<typeof proOrderFiltersSchema>;

export function parseProOrderFilters(raw: Record<string, string | string[] | undefined>): ProOrderFilters {
  return proOrderFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}

/** The filters the URL carries besides the page (the open view is the default, left out). */
export function filterParams(f: ProOrderFilters): Record<string, string | undefined> {
  return { view: f.view === "history" ? "history" : undefined, status: f.status, symbol: f.symbol };
}
