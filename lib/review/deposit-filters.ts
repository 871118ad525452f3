/**
 * The deposit list's URL filters: read by the page and the GET route with the loader, written by
 * the toolbar, serialized for the pager and the customer links. Client-safe.
 */
import { createLoader, createParser, createSerializer, type inferParserType, parseAsStringLiteral } from "nuqs/server";
import { dayParser, pageParser } from "@/lib/http/list-params";
import { dayBoundsIso } from "@/lib/time-zone/days";

/**
 * Every value the provider's deposit list accepts for `status` and `settlement_status`, except
 * FLAGGED (the older name of REQUIRES_REVIEW, mapped below). PENDING is a settlement status of a
 * deposit not yet settled (as a deposit status the provider treats it as RECEIVED).
 */
export const DEPOSIT_STATUS_FILTERS = ["PENDING", "RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FAILED", "REVERSED"] as const;
export const DEPOSIT_TYPES = ["NGN_DEPOSIT", "CRYPTO_DEPOSIT"] as const;
export const DEPOSIT_PAGE_SIZE = 25;

type DepositStatusFilter = (typeof DEPOSIT_STATUS_FILTERS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// FLAGGED is the provider's older name of REQUIRES_REVIEW: a shared old link still works.
const depositStatus = createParser({
  parse: (v: string) => {
    const s = v === "FLAGGED" ? "REQUIRES_REVIEW" : v;
    return (DEPOSIT_STATUS_FILTERS as readonly string[]).includes(s) ? (s as DepositStatusFilter) : null;
  },
  serialize: (v: DepositStatusFilter) => v,
});

export const depositFilters = {
  status: depositStatus,
  settlement: depositStatus,
  type: parseAsStringLiteral(DEPOSIT_TYPES),
  customer: createParser({ parse: (v: string) => (UUID.test(v) ? v : null), serialize: (v: string) => v }),
  from: dayParser,
  to: dayParser,
  page: pageParser,
};
export const loadDepositFilters = createLoader(depositFilters);
export const serializeDepositFilters = createSerializer(depositFilters);
export type DepositFilters = inferParserType<typeof depositFilters>;

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

/** The provider's query for these filters; the days of `from` and `to` are the viewer's, in `zone`. */
export function upstreamDepositQuery(f: DepositFilters, zone: string) {
  const days = dayBoundsIso(f.from, f.to, zone);
  return {
    status: f.status ?? undefined,
    settlement_status: f.settlement ?? undefined,
    type: f.type ?? undefined,
    customer_id: f.customer ?? undefined,
    from: days.from,
    to: days.to,
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
