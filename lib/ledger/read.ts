import "server-only";
/**
 * Reads for pages from the local copy: one list page in the provider's own page shape, one object,
 * and totals per currency. Each list takes the filters its provider endpoint takes, under the same
 * names (so a page passes the query it would have sent), applied to the copy's columns or to the
 * object's own fields. A filter name a list does not know is refused: ignoring it would show a
 * wider list than the person asked for.
 */
import { db } from "@/lib/db";
import { kindDef } from "./kinds";
import { type CopiedObject, type LedgerScope, readObject } from "./store";

/**
 * How one filter is applied: on a column, on a field of the object (a path), on the created time, or
 * as a named set of statuses (a view such as Pro's open orders; a null set is every status).
 */
type FilterDef =
  | { on: "status"; same?: readonly (readonly string[])[] }
  | { on: "status_set"; sets: Readonly<Record<string, readonly string[] | null>> }
  | { on: "field"; path: readonly string[]; same?: readonly (readonly string[])[] }
  | { on: "from" }
  | { on: "to" };

// The provider's older names, matched with the current ones (the docs notes: FLAGGED is the older
// name of REQUIRES_REVIEW). Nothing else is merged: PENDING and RECEIVED are separate statuses there.
const REVIEW = ["REQUIRES_REVIEW", "FLAGGED"] as const;

const status = (...same: (readonly string[])[]): FilterDef => ({ on: "status", same });
const field = (...path: string[]): FilterDef => ({ on: "field", path });
const created = { from: { on: "from" }, to: { on: "to" } } as const satisfies Record<string, FilterDef>;

/**
 * Each kind's filters, named as its provider list names them (lib/upstream/core.ts). `from` and
 * `to` (the provider's created time) are offered on every list: reports need them everywhere.
 */
const FILTERS: Readonly<Record<string, Readonly<Record<string, FilterDef>>>> = {
  deposit: {
    status: status(REVIEW),
    settlement_status: { on: "field", path: ["settlement_status"], same: [REVIEW] },
    type: field("type"),
    customer_id: field("customer_id"),
    funding_account_id: field("funding_account_id"),
    ...created,
  },
  funding_account: { status: status(), type: field("type"), rail: field("rail"), customer_id: field("customer_id"), ...created },
  transfer: { status: status(REVIEW), customer_id: field("customer_id"), recipient_id: field("recipient", "id"), ...created },
  recipient: { type: field("type"), customer_id: field("customer_id"), ...created },
  withdrawal: { status: status(), ...created },
  balance_move: { status: status(), ...created },
  payout: { type: field("type"), status: status(), ...created },
  onramp: { status: status(), customer_id: field("customer_id"), ...created },
  offramp: { status: status(), customer_id: field("customer_id"), ...created },
  // Pro's open-orders endpoint lists the orders still working; its history lists them all.
  pro_order: {
    view: { on: "status_set", sets: { open: ["pending_settlement", "new", "open", "partially_filled"], history: null } },
    status: status(),
    symbol: field("symbol"),
    ...created,
  },
  pro_trade: { order_id: field("order_id"), symbol: field("symbol"), ...created },
  coins_order: { status: status(), side: field("side"), base_asset: field("base_asset"), quote_asset: field("quote_asset"), ...created },
  coins_transaction: { type: field("type"), asset: field("asset"), status: status(), ...created },
  coins_crypto_withdrawal: { status: status(), asset: field("asset"), ...created },
  coins_fiat_withdrawal: { status: status(), ...created },
};
/** Kinds added later without a row above: status and created time, which every kind has. */
const DEFAULT_FILTERS: Readonly<Record<string, FilterDef>> = { status: status(), ...created };

/** A read the copy refuses: an unknown kind or filter, or a value no list accepts. The message is for people. */
export class LedgerReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerReadError";
  }
}

export type Filters = Readonly<Record<string, string | null | undefined>>;

export interface ReadPageOptions {
  /** Filter values by the provider's query name; empty, null or undefined means no filter. */
  filters?: Filters;
  /** From 1 (default 1). */
  page?: number;
  /** 1 to 100 (default 20), as the provider's lists. */
  limit?: number;
}

/** The provider's page shape: the page's objects, newest first, and the filtered set's size. */
export interface Page<T = Record<string, unknown>> {
  data: T[];
  page: number;
  limit: number;
  total: number;
  total_pages: number;
}

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** The filter names a kind's list takes. */
export function filterNames(kind: string): string[] {
  return Object.keys(filtersOf(kind));
}

function filtersOf(kind: string): Readonly<Record<string, FilterDef>> {
  if (!kindDef(kind)) throw new LedgerReadError(`The local copy keeps no objects of kind "${kind}".`);
  return FILTERS[kind] ?? DEFAULT_FILTERS;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A date (the whole UTC day, as the provider reads it) or a date-time, as an instant bound. */
function timeBound(name: string, raw: string, end: boolean): string {
  if (DAY.test(raw)) {
    const ms = Date.parse(`${raw}T00:00:00.000Z`);
    if (!Number.isNaN(ms)) return new Date(end ? ms + 86_400_000 - 1 : ms).toISOString();
  } else if (DATE_TIME.test(raw) && !Number.isNaN(Date.parse(raw))) {
    return new Date(raw).toISOString();
  }
  throw new LedgerReadError(`The filter "${name}" must be a date (YYYY-MM-DD) or an ISO 8601 date-time.`);
}

/** The values matching one asked value: itself, or its group of equivalent values. */
function matching(value: string, same: readonly (readonly string[])[] | undefined): string[] {
  return [...(same?.find((g) => g.includes(value)) ?? [value])];
}

/** The WHERE clause (after scope and kind, which are $1..$3) and its parameters. */
export function whereOf(kind: string, filters: Filters = {}): { sql: string; params: unknown[] } {
  const defs = filtersOf(kind);
  const parts: string[] = [];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length + 3}`;
  };
  let from: string | undefined;
  let to: string | undefined;
  for (const [name, raw] of Object.entries(filters)) {
    const def = defs[name];
    if (!def) {
      const known = Object.keys(defs);
      throw new LedgerReadError(`The ${kind.replaceAll("_", " ")} list has no filter "${name}"; it takes ${known.join(", ")}.`);
    }
    if (raw === undefined || raw === null || raw === "") continue;
    if (typeof raw !== "string") throw new LedgerReadError(`The filter "${name}" must be text.`);
    if (raw.includes("\u0000")) throw new LedgerReadError(`The filter "${name}" holds a NUL character, which no value of this list has.`);
    if (def.on === "from") {
      from = timeBound(name, raw, false);
      parts.push(`provider_created_at >= ${param(from)}::timestamptz`);
    } else if (def.on === "to") {
      to = timeBound(name, raw, true);
      parts.push(`provider_created_at <= ${param(to)}::timestamptz`);
    } else if (def.on === "status_set") {
      if (!Object.hasOwn(def.sets, raw)) throw new LedgerReadError(`The filter "${name}" must be one of ${Object.keys(def.sets).join(", ")}.`);
      const set = def.sets[raw];
      if (set) parts.push(`status IN (${set.map(param).join(", ")})`);
    } else {
      // The path is this file's own constant (letters and underscores), never the caller's text.
      const target = def.on === "status" ? "status" : `data #>> '{${def.path.join(",")}}'`;
      parts.push(`${target} IN (${matching(raw, def.same).map(param).join(", ")})`);
    }
  }
  if (from && to && from > to) throw new LedgerReadError(`The filter "from" must not be after "to".`);
  return { sql: parts.map((p) => ` AND ${p}`).join(""), params };
}

/** The scope and kind of a read of the copy: $1 to $3, before the filters of `whereOf`. */
export const SCOPE = `organization_id = $1::uuid AND environment = $2::"Environment" AND kind = $3`;

function pageNumbers(o: ReadPageOptions): { page: number; limit: number } {
  const page = o.page ?? 1;
  const limit = o.limit ?? DEFAULT_LIMIT;
  if (!Number.isInteger(page) || page < 1) throw new LedgerReadError("The page must be a whole number from 1.");
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw new LedgerReadError(`The page size must be a whole number from 1 to ${MAX_LIMIT}.`);
  return { page, limit };
}

/**
 * One numbered page of a kind's list from the copy, newest first: by the provider's created time
 * (objects whose time the copy does not know yet come first, as the index orders them), then by
 * id, so equal times page stably. The total counts the whole filtered set, as the provider's does.
 */
export async function readPage<T = Record<string, unknown>>(scope: LedgerScope, kind: string, o: ReadPageOptions = {}): Promise<Page<T>> {
  const { page, limit } = pageNumbers(o);
  const where = whereOf(kind, o.filters);
  const n = where.params.length + 3;
  const [row] = await db.$queryRawUnsafe<{ total: number; data: T[] | null }[]>(
    `SELECT (SELECT count(*) FROM synced_objects WHERE ${SCOPE}${where.sql})::int AS total,
       (SELECT jsonb_agg(p.data ORDER BY p.provider_created_at DESC, p.provider_id)
          FROM (SELECT data, provider_created_at, provider_id FROM synced_objects WHERE ${SCOPE}${where.sql}
                ORDER BY provider_created_at DESC, provider_id LIMIT $${n + 1} OFFSET $${n + 2}) p) AS data`,
    scope.organizationId,
    scope.environment,
    kind,
    ...where.params,
    limit,
    (page - 1) * limit,
  );
  const total = row?.total ?? 0;
  return { data: row?.data ?? [], page, limit, total, total_pages: Math.ceil(total / limit) };
}

/** One object of a kind from the copy, with when the provider last confirmed it; null when the copy has not seen it. */
export async function readOne(scope: LedgerScope, kind: string, id: string): Promise<CopiedObject | null> {
  filtersOf(kind);
  // PostgreSQL text cannot hold NUL, so no stored id has one (and the query would fail, not miss).
  if (id.includes("\u0000")) return null;
  return readObject(scope, kind, id);
}

export interface CurrencyTotal {
  /** Null for objects the copy holds no currency for. */
  currency: string | null;
  count: number;
  /** The exact sum as a decimal string; objects without an amount count but add nothing. */
  amount: string;
}

/** Count and sum of amounts per currency over a kind's filtered set (the whole set, not a page). */
export async function totalsByCurrency(scope: LedgerScope, kind: string, filters: Filters = {}): Promise<CurrencyTotal[]> {
  const where = whereOf(kind, filters);
  const rows = await db.$queryRawUnsafe<{ currency: string | null; count: number; amount: string }[]>(
    `SELECT currency, count(*)::int AS count, COALESCE(sum(amount), 0)::text AS amount
     FROM synced_objects WHERE ${SCOPE}${where.sql}
     GROUP BY currency ORDER BY currency NULLS LAST`,
    scope.organizationId,
    scope.environment,
    kind,
    ...where.params,
  );
  return rows.map((r) => ({ currency: r.currency, count: r.count, amount: trimDecimal(r.amount) }));
}

/** numeric(38,18) sums print 18 decimals; "5000.500000000000000000" reads as "5000.5". */
function trimDecimal(s: string): string {
  return s.includes(".") ? s.replace(/\.?0+$/, "") : s;
}

/** How many objects of a kind's filtered set are in each status (the whole set, not a page). */
export async function countsByStatus(scope: LedgerScope, kind: string, filters: Filters = {}): Promise<{ status: string | null; count: number }[]> {
  const where = whereOf(kind, filters);
  return db.$queryRawUnsafe<{ status: string | null; count: number }[]>(
    `SELECT status, count(*)::int AS count FROM synced_objects WHERE ${SCOPE}${where.sql} GROUP BY status ORDER BY status NULLS LAST`,
    scope.organizationId,
    scope.environment,
    kind,
    ...where.params,
  );
}
