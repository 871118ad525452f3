/**
 * The legacy lists' URL filters (payouts, onramps, offramps), parsed the same way by the pages and
 * the toolbars. Client-safe. The allowed values are the provider's: an unknown one in a shared link
 * is dropped and reported back, so the page can say what it ignored instead of failing.
 */
import { LEGACY_STATUSES, PAYOUT_STATUSES } from "@/lib/upstream/schemas/core-values";

export const PAYOUT_TYPES = ["NGN_PAYOUT", "CRYPTO_PAYOUT"] as const;
export const LEGACY_KINDS = ["payouts", "onramps", "offramps"] as const;
export type LegacyKind = (typeof LEGACY_KINDS)[number];

/** The page sizes offered; the URL may ask for any size the provider accepts (1 to 100). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One URL filter: a closed list of the provider's values, or a customer id. */
export type FilterDef = { label: string; values: readonly string[] } | { label: string; uuid: true };

/** The filters each list takes, named as in the URL, from the endpoints' query parameters. */
export const LEGACY_FILTERS = {
  payouts: { type: { label: "Type", values: PAYOUT_TYPES }, status: { label: "Status", values: PAYOUT_STATUSES } },
  onramps: { status: { label: "Status", values: LEGACY_STATUSES }, customer: { label: "Customer", uuid: true } },
  offramps: { status: { label: "Status", values: LEGACY_STATUSES }, customer: { label: "Customer", uuid: true } },
} as const satisfies Record<LegacyKind, Record<string, FilterDef>>;

export type FilterKey<K extends LegacyKind> = keyof (typeof LEGACY_FILTERS)[K] & string;

export interface IgnoredParam {
  param: string;
  value: string;
  reason: string;
}

export interface LegacyFilters<K extends LegacyKind = LegacyKind> {
  /** The valid filter values, by URL name; absent when not set or ignored. */
  values: Partial<Record<FilterKey<K>, string>>;
  page: number;
  limit: number;
  /** URL parameters that were set but not usable, with why, for the page to say so. */
  ignored: IgnoredParam[];
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function wholeNumber(raw: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export function parseLegacyFilters<K extends LegacyKind>(kind: K, raw: Record<string, string | string[] | undefined>): LegacyFilters<K> {
  const ignored: IgnoredParam[] = [];
  const values: Partial<Record<string, string>> = {};
  for (const [param, def] of Object.entries(LEGACY_FILTERS[kind]) as [string, FilterDef][]) {
    const value = first(raw[param]);
    if (value === undefined || value === "") continue;
    if ("uuid" in def) {
      if (UUID.test(value)) values[param] = value.toLowerCase();
      else ignored.push({ param, value, reason: `${def.label} must be a customer id (a UUID).` });
    } else if (def.values.includes(value)) values[param] = value;
    else ignored.push({ param, value, reason: `${def.label} must be one of ${def.values.join(", ")}.` });
  }
  let page = 1;
  const rawPage = first(raw.page);
  if (rawPage !== undefined && rawPage !== "") {
    const n = wholeNumber(rawPage, 1, MAX_PAGE);
    if (n === null) ignored.push({ param: "page", value: rawPage, reason: `The page must be a whole number from 1 to ${MAX_PAGE}.` });
    else page = n;
  }
  let limit = DEFAULT_PAGE_SIZE;
  const rawLimit = first(raw.limit);
  if (rawLimit !== undefined && rawLimit !== "") {
    const n = wholeNumber(rawLimit, 1, MAX_PAGE_SIZE);
    if (n === null) ignored.push({ param: "limit", value: rawLimit, reason: `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` });
    else limit = n;
  }
  return { values: values as LegacyFilters<K>["values"], page, limit, ignored };
}

/** The URL query of a view: filters, then page and size where they differ from the defaults. */
export function legacyQuery(f: Pick<LegacyFilters, "values" | "limit">, page: number): Record<string, string> {
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.values)) if (v) q[k] = v;
  if (f.limit !== DEFAULT_PAGE_SIZE) q.limit = String(f.limit);
  if (page !== 1) q.page = String(page);
  return q;
}

/** The provider's query for a view (the endpoints name the customer filter `customer_id`). */
export function upstreamLegacyQuery(f: LegacyFilters): { type?: string; status?: string; customer_id?: string; page: number; limit: number } {
  const v = f.values as Partial<Record<"type" | "status" | "customer", string>>;
  return { type: v.type, status: v.status, customer_id: v.customer, page: f.page, limit: f.limit };
}
