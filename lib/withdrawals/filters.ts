/**
 * The withdrawal list's filters as they live in the URL (page, list route and toolbar share them):
 * the spec's `status` and `page`. Client-safe. An unknown value in a shared link is dropped.
 */
import { z } from "zod";
import { fundingAccountFiltersSchema } from "@/lib/funding-accounts/filters";
import { WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/core";

export const PAGE_SIZE = 20;

export const withdrawalFiltersSchema = z.object({
  status: z
    .string()
    .optional()
    .transform((v) => ((WITHDRAWAL_STATUSES as readonly string[]).includes(v ?? "") ? (v as (typeof WITHDRAWAL_STATUSES)[number]) : undefined)),
  page: fundingAccountFiltersSchema.shape.page,
});
export type WithdrawalFilters = z.output<typeof withdrawalFiltersSchema>;

export function parseWithdrawalFilters(raw: Record<string, string | string[] | undefined>): WithdrawalFilters {
  return withdrawalFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}
