/**
 * What search shows of each kind in the local copy: the group's heading, the page an object opens
 * on and the permission a role needs to see it. Client-safe (the palette and the list boxes import
 * it), so it names kinds as plain strings rather than importing lib/ledger/kinds.ts. A kind not
 * listed here is kept in the copy but not searched: it has no page to open.
 */
import { can, type Permission } from "@/lib/auth/permissions";

export interface SearchKind {
  kind: string;
  /** The group's heading in the palette, plural: "Deposits". */
  heading: string;
  /** The object's page; `data` is the stored object, for a kind whose page is its parent's (a Pro trade opens its order). */
  href: (id: string, data?: Readonly<Record<string, unknown>> | null) => string;
  permission: Permission;
}

const page = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;
/** The parent's page when the object names its parent, else the parent's list. */
const parentPage = (base: string, parentId: unknown) => (typeof parentId === "string" && parentId !== "" ? page(base)(parentId) : base);

export const SEARCH_KINDS = [
  { kind: "deposit", heading: "Deposits", href: page("/deposits"), permission: "data:read" },
  { kind: "funding_account", heading: "Funding accounts", href: page("/funding-accounts"), permission: "data:read" },
  // A customer has no page of its own: it opens the funding accounts opened for it.
  { kind: "customer", heading: "Customers", href: (id) => `/funding-accounts?customer=${encodeURIComponent(id)}`, permission: "data:read" },
  { kind: "recipient", heading: "Recipients", href: page("/recipients"), permission: "data:read" },
  { kind: "transfer", heading: "Transfers", href: page("/transfers"), permission: "data:read" },
  { kind: "withdrawal", heading: "Merchant withdrawals", href: page("/withdrawals"), permission: "data:read" },
  // Balance moves have no page of their own: they are listed on the balances page.
  { kind: "balance_move", heading: "Balance moves", href: () => "/balances", permission: "data:read" },
  { kind: "payout", heading: "Legacy payouts", href: page("/legacy/payouts"), permission: "data:read" },
  { kind: "onramp", heading: "Legacy onramps", href: page("/legacy/onramps"), permission: "data:read" },
  { kind: "offramp", heading: "Legacy offramps", href: page("/legacy/offramps"), permission: "data:read" },
  { kind: "pro_order", heading: "Pro orders", href: page("/pro/orders"), permission: "data:read" },
  // A trade has no page of its own: its order's page lists it.
  { kind: "pro_trade", heading: "Pro trades", href: (_id, data) => parentPage("/pro/orders", data?.order_id), permission: "data:read" },
  { kind: "coins_order", heading: "Coins orders", href: page("/coins/orders"), permission: "data:read" },
  // Coins transactions have no page of their own: they are listed on the transactions page.
  { kind: "coins_transaction", heading: "Coins transactions", href: () => "/coins/transactions", permission: "data:read" },
  { kind: "coins_crypto_withdrawal", heading: "Crypto withdrawals", href: page("/coins/withdrawals/crypto"), permission: "data:read" },
  { kind: "coins_fiat_withdrawal", heading: "Fiat withdrawals", href: page("/coins/withdrawals/fiat"), permission: "data:read" },
] as const satisfies readonly SearchKind[];

export type SearchKindName = (typeof SEARCH_KINDS)[number]["kind"];
export const SEARCH_KIND_NAMES = SEARCH_KINDS.map((k) => k.kind) as SearchKindName[];

const BY_NAME = new Map<string, SearchKind>(SEARCH_KINDS.map((k) => [k.kind, k]));

export function searchKind(kind: string): SearchKind | undefined {
  return BY_NAME.get(kind);
}

export function isSearchKind(kind: unknown): kind is SearchKindName {
  return typeof kind === "string" && BY_NAME.has(kind);
}

/** The kinds a role may search (only `only` when given): those whose permission the role has. */
export function readableKinds(role: unknown, only?: string, kinds: readonly SearchKind[] = SEARCH_KINDS): string[] {
  return kinds.filter((k) => can(role, k.permission) && (!only || k.kind === only)).map((k) => k.kind);
}

/** Longest query accepted (an id, a hash and a few words fit). */
export const SEARCH_MAX_LENGTH = 100;
/** Shorter queries match ids by prefix only: a trigram index needs three characters. */
export const SEARCH_MIN_SUBSTRING = 3;

/** One object found, as the route answers it. */
export interface SearchHit {
  kind: string;
  id: string;
  /** What to call it: a name where the object has one, else its id. */
  title: string;
  /** Status, amount and day, as far as the object has them. */
  detail: string;
  /** The value that matched, when it is not the id (a hash, an account number, a customer id). */
  matched: string | null;
  href: string;
  createdAt: string | null;
}

export interface SearchGroup {
  kind: string;
  heading: string;
  hits: SearchHit[];
}

export interface SearchAnswer {
  query: string;
  groups: SearchGroup[];
}
