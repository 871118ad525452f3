/** The deposit list's URL filters, parsed the same way by the page, the GET route and the toolbar. Client-safe. */
import { z } from "zod";

/**
 * Every value the provider's deposit list accepts for `status` and `settlement_status`, except
 * FLAGGED (the older name of REQUIRES_REVIEW, mapped below). PENDING is a settlement status of a
 * deposit not yet settled (as a deposit status the provider treats it as RECEIVED).
 */
export const DEPOSIT_STATUS_FILTERS = ["PENDING", "RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FAILED", "REVERSED"] as const;
export const DEPOSIT_TYPES = ["NGN_DEPOSIT", "CRYPTO_DEPOSIT"] as const;
export const DEPOSIT_PAGE_SIZE = 25;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-01-31." })
  .optional()
  .catch(undefined);

export const depositFiltersSchema = z.object({
  // FLAGGED is the provider's older name of REQUIRES_REVIEW: a shared old link still works.
  status: z.preprocess((v) => (v === "FLAGGED" ? "REQUIRES_REVIEW" : v), z.enum(DEPOSIT_STATUS_FILTERS).optional().catch(undefined)),
  settlement: z.preprocess((v) => (v === "FLAGGED" ? "REQUIRES_REVIEW" : v), z.enum(DEPOSIT_STATUS_FILTERS).optional().catch(undefined)),
  type: z.enum(DEPOSIT_TYPES).optional().catch(undefined),
  customer: z.uuid().optional().catch(undefined),
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type DepositFilters = z.infer<typeof depositFiltersSchema>;

/** Whether the deposit list can filter by this status (FLAGGED included, as the older name). */
export function isDepositStatusFilter(status: string): boolean {
  return status === "FLAGGED" || (DEPOSIT_STATUS_FILTERS as readonly string[]).includes(status);
}

/**
 * The `status` / `settlement` values of a deposits link that the list cannot filter by (an old
 * link, or a status the provider added since): the page lists every status and says so.
 */
export function ignoredStatusFilters(raw: Record<string, string | string[] | undefined>): { param: "status" | "settlement"; value: string }[] {
  const out: { param: "status" | "settlement"; value: string }[] = [];
  for (const param of ["status", "settlement"] as const) {
    const value = [raw[param]].flat()[0];
    if (value && !isDepositStatusFilter(value)) out.push({ param, value });
  }
  return out;
}

export function parseDepositFilters(raw: Record<string, string | string[] | undefined>): DepositFilters {
  return depositFiltersSchema.parse(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])));
}

/** The provider's query for these filters. */
export function upstreamDepositQuery(f: DepositFilters) {
  return {
    status: f.status,
    settlement_status: f.settlement,
    type: f.type,
    customer_id: f.customer,
    from: f.from,
    to: f.to,
    page: f.page,
    limit: DEPOSIT_PAGE_SIZE,
  };
}

export const STATUS_LABELS: Record<string, string> = {
  PENDING: "Pending",
  RECEIVED: "Received",
  PROCESSING: "Processing",
  REQUIRES_REVIEW: "Requires review",
  FLAGGED: "Requires review",
  COMPLETED: "Completed",
  FAILED: "Failed",
  REVERSED: "Reversed",
};
export const statusLabel = (s: string | null | undefined) => (s ? (STATUS_LABELS[s] ?? s) : "—");
export const TYPE_LABELS: Record<string, string> = { NGN_DEPOSIT: "NGN deposit", CRYPTO_DEPOSIT: "Crypto deposit" };
export const typeLabel = (t: string | null | undefined) => (t ? (TYPE_LABELS[t] ?? t) : "—");
