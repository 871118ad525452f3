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
  /** The object's page. */
  href: (id: string) => string;
  permission: Permission;
}

const page = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

export const SEARCH_KINDS = [
  { kind: "deposit", heading: "Deposits", href: page("/deposits"), permission: "data:read" },
  { kind: "funding_account", heading: "Funding accounts", href: page("/funding-accounts"), permission: "data:read" },
  { kind: "recipient", heading: "Recipients", href: page("/recipients"), permission: "data:read" },
  { kind: "transfer", heading: "Transfers", href: page("/transfers"), permission: "data:read" },
  { kind: "withdrawal", heading: "Merchant withdrawals", href: page("/withdrawals"), permission: "data:read" },
  // Balance moves have no page of their own: they are listed on the balances page.
  { kind: "balance_move", heading: "Balance moves", href: () => "/balances", permission: "data:read" },
  { kind: "payout", heading: "Legacy payouts", href: page("/legacy/payouts"), permission: "data:read" },
  { kind: "onramp", heading: "Legacy onramps", href: page("/legacy/onramps"), permission: "data:read" },
  { kind: "offramp", heading: "Legacy offramps", href: page("/legacy/offramps"), permission: "data:read" },
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
