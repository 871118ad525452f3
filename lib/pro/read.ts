/**
 * Reads for the Pro pages and their GET routes, through the upstream client bound to the signed-in
 * user's organization and environment. Order reads always ask the provider (ALWAYS_ASK): they are
 * refetched because a webhook just said the order changed, and a cached answer could be the state
 * from before; the last answer is shown with its age only when the provider cannot be asked.
 */
import "server-only";
import { can } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { ALWAYS_ASK, upstreamFor, UpstreamError } from "@/lib/upstream";
import { PAGE_SIZE, type ProOrderFilters } from "./filters";
import type { ProBalancesView, ProOrderListView, ProOrderView, ProWebhooksView, TradeAccess, WithdrawalOptions } from "./views";

const upstreamOf = (user: CurrentUser) => upstreamFor({ organizationId: user.organizationId, environment: user.environment });
const where = (user: CurrentUser) => (user.environment === "production" ? "production" : "the sandbox");

export async function readProOrders(user: CurrentUser, f: ProOrderFilters): Promise<ProOrderListView> {
  const query = { symbol: f.symbol ?? undefined, status: f.status ?? undefined, limit: PAGE_SIZE, offset: (f.page - 1) * PAGE_SIZE };
  const pro = upstreamOf(user).pro;
  const r = f.view === "history" ? await pro.listOrderHistory(query, { cache: ALWAYS_ASK }) : await pro.listOpenOrders(query, { cache: ALWAYS_ASK });
  const total = r.data.total_count ?? r.data.orders.length;
  return {
    rows: r.data.orders,
    page: f.page,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    total,
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
}

/** The order, and its trades when they can be read (the order alone is still worth showing). */
export async function readProOrder(user: CurrentUser, id: string): Promise<ProOrderView> {
  const pro = upstreamOf(user).pro;
  const [order, trades] = await Promise.all([
    pro.getOrder(id, { cache: ALWAYS_ASK }),
    pro.listOrderTrades(id, { cache: ALWAYS_ASK }).then(
      (t) => ({ trades: t.data.trades, error: null }),
      (err: unknown) => {
        if (err instanceof UpstreamError) return { trades: [], error: err.userMessage };
        throw err;
      },
    ),
  ]);
  return { order: order.data, trades: trades.trades, tradesError: trades.error, fetchedAt: order.fetchedAt.toISOString(), stale: order.stale };
}

export async function readProBalances(user: CurrentUser): Promise<ProBalancesView> {
  const r = await upstreamOf(user).pro.getBalances({ cache: ALWAYS_ASK });
  return {
    balances: r.data.balances.map((b) => ({ asset: b.asset, total: b.total, available: b.available ?? null, reserved: b.reserved ?? null })),
    fetchedAt: r.fetchedAt.toISOString(),
    stale: r.stale,
  };
}

export async function readProWebhooks(user: CurrentUser): Promise<ProWebhooksView> {
  const r = await upstreamOf(user).pro.listWebhooks({ cache: ALWAYS_ASK });
  return { webhooks: r.data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}

export async function readWithdrawalOptions(user: CurrentUser): Promise<{ options: WithdrawalOptions; fetchedAt: string; stale: boolean }> {
  const r = await upstreamOf(user).pro.getWithdrawalOptions();
  // Only enabled rails are returned (spec); an asset left with no chain is not a rail at all.
  const assets = r.data.assets.filter((a) => a.chains.length > 0);
  return { options: { ...r.data, assets }, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
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
