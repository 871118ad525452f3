/**
 * The TanStack Query key convention shared by pages and the live stream. Client-safe: no server
 * imports. A page builds its keys with `liveKeys`, appending its own parameters (filters, cursors)
 * as trailing elements, and the live stream invalidates by prefix, so every filtered variant of an
 * affected list or resource is refreshed by one change.
 *
 *   ["resource", type, id, ...]   one resource's detail (e.g. a deposit page)
 *   ["list", type, ...]           every list of that resource type, whatever its filters
 *   ["timeline", type, id, ...]   the event timeline of one resource
 *   ["events", ...]               event log and recent-activity views
 *   ["balances", ...]             anything showing a balance
 */
export type QueryKey = readonly unknown[];

export const liveKeys = {
  resource: (type: string, id: string, ...rest: unknown[]): QueryKey => ["resource", type, id, ...rest],
  list: (type: string, ...rest: unknown[]): QueryKey => ["list", type, ...rest],
  timeline: (type: string, id: string, ...rest: unknown[]): QueryKey => ["timeline", type, id, ...rest],
  events: (...rest: unknown[]): QueryKey => ["events", ...rest],
  balances: (...rest: unknown[]): QueryKey => ["balances", ...rest],
  approvals: (...rest: unknown[]): QueryKey => ["approvals", ...rest],
} as const;

/** The first element of every key the live stream may touch; a full resync invalidates these. */
export const LIVE_SCOPES = ["resource", "list", "timeline", "events", "balances"] as const;

/** What a `change` message on the stream carries. */
export interface LiveChange {
  id: string;
  name: string;
  resourceType: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
}

/*
 * Event names that mean money arrived, left or was released, so balances shown anywhere are stale.
 * Current and older names both appear (the provider may send both for one change). An event that
 * only announces progress (received, processing, requires_review, created) leaves balances alone,
 * which keeps refetches of the rate-limited balance endpoints to the changes that matter.
 */
const BALANCE_EVENTS = new Set([
  "deposit.completed",
  "deposit.settled",
  "crypto.deposit.completed",
  "transfer.completed",
  "transfer.settled",
  "transfer.failed",
  "withdrawal.completed",
  "withdrawal.settled",
  "withdrawal.failed",
  "payout.settled",
  "payout.failed",
  "balance.transfer.completed",
  "order.filled",
  "order.partially_filled",
  "order.cancelled",
  "trade.executed",
]);

export function movesBalances(name: string): boolean {
  return BALANCE_EVENTS.has(name);
}

/** The local copy's balance snapshots (lib/ledger/kinds.ts): a change of one is a balance's change. */
const BALANCE_SNAPSHOTS = new Set(["merchant_balance", "pro_balances", "coins_balances", "coins_portfolio", "stock_portfolio"]);

/**
 * The resource type a change is about: the stored type, or else the event name without its last
 * segment ("funding_account.active" -> "funding_account"), so lists still refresh for events the
 * intake could not tie to a resource.
 */
function typeOf(change: LiveChange): string | null {
  if (change.resourceType) return change.resourceType;
  const cut = change.name.lastIndexOf(".");
  return cut > 0 ? change.name.slice(0, cut) : null;
}

/** Exactly the query keys (as prefixes) one change makes stale. */
export function keysForChange(change: LiveChange): QueryKey[] {
  const keys: QueryKey[] = [liveKeys.events()];
  const type = typeOf(change);
  if (type) {
    keys.push(liveKeys.list(type));
    if (change.resourceId) {
      keys.push(liveKeys.resource(type, change.resourceId));
      keys.push(liveKeys.timeline(type, change.resourceId));
    }
  }
  if (movesBalances(change.name) || (type !== null && BALANCE_SNAPSHOTS.has(type))) keys.push(liveKeys.balances());
  return keys;
}
