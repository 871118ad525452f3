/**
 * Reads for the Pro pages and their GET routes. Orders and their trades come from the local copy
 * (lib/ledger), kept fresh by Pro webhooks, the app's own writes and sweeps, so a view costs no
 * provider call and shows how fresh the copy is; an order the copy has not seen yet is fetched
 * once by id. Balances are the copy's snapshot, swept every few seconds while the ticket is open
 * and read again after fills and the app's own orders. The webhook list is a snapshot read again
 * after the app's own changes to it; withdrawal options are reference data, read every few minutes.
 */
import "server-only";
import { can } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { markWatched } from "@/lib/ledger/freshness";
import { listFromCopy, objectFromCopy, snapshotFromCopy } from "@/lib/ledger/page-read";
import { readPage } from "@/lib/ledger/read";
import { storeObjects } from "@/lib/ledger/store";
import { log } from "@/lib/log";
import { addDecimals, compareDecimals, isDecimalString } from "@/lib/money";
import { upstreamFor, UpstreamError } from "@/lib/upstream";
import { withPriority } from "@/lib/upstream/priority";
import type { balances as proBalances, ProOrder } from "@/lib/upstream/schemas/pro";
import type { z } from "zod";
import { PAGE_SIZE, type ProOrderFilters, proOrderQuery } from "./filters";
import type { Freshness } from "@/lib/funding-accounts/views";
import type { ProBalancesView, ProOrderListView, ProOrderView, ProTrade, ProWebhooksView, TradeAccess, WithdrawalOptions } from "./views";

type ProBalancesAnswer = z.output<typeof proBalances>;

const upstreamOf = (user: CurrentUser) => upstreamFor({ organizationId: user.organizationId, environment: user.environment });
const where = (user: CurrentUser) => (user.environment === "production" ? "production" : "the sandbox");
const scopeOf = (user: CurrentUser) => ({ organizationId: user.organizationId, environment: user.environment });

export async function readProOrders(user: CurrentUser, f: ProOrderFilters): Promise<ProOrderListView> {
  return listFromCopy<ProOrder>(user, "pro_order", { ...proOrderQuery(f), page: f.page, limit: PAGE_SIZE });
}

/** The most trades one order's page shows (the provider's largest page). */
const MAX_TRADES = 100;

/** Whether the copy's trades add up to less than the order says has filled: a fill the copy has not read yet. */
function tradesBehind(order: ProOrder, trades: readonly ProTrade[]): boolean {
  const filled = order.filled_quantity;
  if (!isDecimalString(filled) || compareDecimals(filled, "0") <= 0) return false;
  const sum = trades.reduce((acc, t) => (isDecimalString(t.quantity) ? addDecimals(acc, t.quantity) : acc), "0");
  return compareDecimals(sum, filled) < 0;
}

// One read of an order's trades at a time in this process: a burst of views costs one call.
const fetchingTrades = new Map<string, Promise<void>>();

/** Reads an order's trades from the provider once and stores them, as the sweep does for an order with fills. */
function fetchTrades(user: CurrentUser, orderId: string): Promise<void> {
  const key = `${user.organizationId}:${user.environment}:${orderId}`;
  let p = fetchingTrades.get(key);
  if (!p) {
    p = (async () => {
      // A person waits on this page: the class of what people are looking at.
      const { data } = await withPriority("watched", () => upstreamOf(user).pro.listOrderTrades(orderId, { cache: false }), { pace: false });
      await storeObjects(scopeOf(user), "pro_trade", data.trades, "fetch");
    })().finally(() => fetchingTrades.delete(key));
    fetchingTrades.set(key, p);
  }
  return p;
}

async function tradesFromCopy(user: CurrentUser, orderId: string): Promise<ProTrade[]> {
  const page = await readPage<ProTrade>(scopeOf(user), "pro_trade", { filters: { order_id: orderId }, limit: MAX_TRADES });
  // The copy lists newest first; the page shows fills in the order they happened.
  return page.data.reverse();
}

/**
 * The order and its trades from the copy. Trades are read from the provider only when the copy's
 * add up to less than the order's filled quantity (an order just fetched, a fill not yet swept);
 * the order alone is still worth showing when that read fails.
 */
export async function readProOrder(user: CurrentUser, id: string): Promise<ProOrderView> {
  // Someone is watching this order: its list is swept every few seconds, so moves without an event
  // (pending_settlement, new, open) reach the copy.
  await markWatched(scopeOf(user), "pro_order").catch((err: unknown) => log.warn({ err }, "pro: could not mark the orders watched"));
  const r = await objectFromCopy<ProOrder>(user, "pro_order", id);
  let trades = await tradesFromCopy(user, id);
  let tradesError: string | null = null;
  if (tradesBehind(r.data, trades)) {
    try {
      await fetchTrades(user, id);
      trades = await tradesFromCopy(user, id);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      tradesError = err.userMessage;
    }
  }
  return { order: r.data, trades, tradesError, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}

/** From the local copy's snapshot, swept every few seconds while shown and read again after fills and the app's own orders. */
export async function readProBalances(user: CurrentUser): Promise<ProBalancesView> {
  const { data, ...freshness } = await snapshotFromCopy<ProBalancesAnswer>(user, "pro_balances");
  return {
    balances: data.balances.map((b) => ({ asset: b.asset, total: b.total, available: b.available ?? null, reserved: b.reserved ?? null })),
    ...freshness,
  };
}

/** From the copy's snapshot, read again when the app creates, changes or deletes one. */
export async function readProWebhooks(user: CurrentUser): Promise<ProWebhooksView> {
  const { data, ...freshness } = await snapshotFromCopy<{ webhooks: ProWebhooksView["webhooks"] }>(user, "pro_webhooks");
  return { webhooks: data.webhooks, ...freshness };
}

/** From the copy's reference snapshot (kinds.ts), read every few minutes. */
export async function readWithdrawalOptions(user: CurrentUser): Promise<{ options: WithdrawalOptions } & Freshness> {
  const { data, ...freshness } = await snapshotFromCopy<WithdrawalOptions>(user, "pro_withdrawal_options");
  // Only enabled rails are returned (spec); an asset left with no chain is not a rail at all.
  const assets = data.assets.filter((a) => a.chains.length > 0);
  return { options: { ...data, assets }, ...freshness };
}

/**
 * Whether the ticket may be used: the role must trade, and this environment's Pro key must carry
 * the Trade scope (a read-only key would be refused by the provider on every order). Reads only the
 * key's metadata, never the key.
 */
export async function tradeAccess(user: CurrentUser): Promise<TradeAccess> {
  if (!can(user.role, "order:trade")) {
    return { allowed: false, reason: `Your role (${user.role}) can see Pro orders but not place, replace or cancel them. An operator or admin can.` };
  }
  const key = await db.vaultSecret.findFirst({
    where: { organizationId: user.organizationId, environment: user.environment, surface: "pro", kind: "api_key", status: "active" },
    orderBy: { createdAt: "desc" },
    select: { scopes: true },
  });
  if (!key) return { allowed: false, reason: `No Pro API key is set for ${where(user)}. An admin can add one with the Trade scope under Settings → API keys.` };
  if (!key.scopes.includes("Trade")) {
    const scopes = key.scopes.length ? key.scopes.join(", ") : "none";
    return {
      allowed: false,
      reason: `The Pro API key for ${where(user)} is read-only (scopes: ${scopes}). Placing, replacing and cancelling orders needs the Trade scope: an admin can replace the key under Settings → API keys.`,
    };
  }
  return { allowed: true, reason: null };
}
