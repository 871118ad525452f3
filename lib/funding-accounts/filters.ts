/**
 * The funding-account list's filters as they live in the URL (shared by the page, the toolbar and
 * the GET route). Client-safe. An unknown value in a shared link is dropped, never an error page.
 */
import { z } from "zod";
import { FUNDING_ACCOUNT_STATUSES, RAILS, TYPES } from "./options";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PAGE_SIZE = 20;

const optionalOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .optional()
    .transform((v) => ((values as readonly string[]).includes(v ?? "") ? (v as T[number]) : undefined));

export const fundingAccountFiltersSchema = z.object({
  rail: optionalOf(RAILS),
  type: optionalOf(TYPES),
  status: optionalOf(FUNDING_ACCOUNT_STATUSES),
  customer: z
    .string()
    .optional()
    .transform((v) => (v && UUID.test(v) ? v.toLowerCase() : undefined)),
  page: z
    .string()
    .optional()
    .transform((v) => {
      const n = Number(v);
      return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
    }),
});
export type FundingAccountFilters = z.output<typeof fundingAccountFiltersSchema>;

export function parseFundingAccountFilters(raw: Record<string, string | string[] | undefined>): FundingAccountFilters {
  return fundingAccountFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}
