/**
 * The Pro and Coins pages' reads against a real PostgreSQL with the provider down (every outgoing
 * request fails): lists and details come from the local copy with its age and cost no provider
 * call; only what the copy has never seen needs the provider, and then says why it cannot be shown.
 */
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as getProOrder } from "@/app/api/pro/orders/[id]/route";
import { GET as listProOrders } from "@/app/api/pro/orders/route";
import { GET as getCoinsOrder } from "@/app/api/coins/orders/[id]/route";
import { GET as listCoinsOrders } from "@/app/api/coins/orders/route";
import { GET as listTransactions } from "@/app/api/coins/transactions/route";
import { GET as getCryptoWithdrawal } from "@/app/api/coins/withdrawals/crypto/[id]/route";
import { GET as listCryptoWithdrawals } from "@/app/api/coins/withdrawals/crypto/route";
import { GET as getFiatWithdrawal } from "@/app/api/coins/withdrawals/fiat/[id]/route";
import { GET as listFiatWithdrawals } from "@/app/api/coins/withdrawals/fiat/route";
import type { CoinsOrder, CoinsTransaction, CryptoWithdrawal, CursorPage, FiatWithdrawal, OrderView, WithdrawalView } from "@/lib/coins/views";
import type { ProOrderListView, ProOrderView } from "@/lib/pro/views";
import { testDb } from "@/test/factories";
import { callRoute, createTeamWithKey, signInAsMember, storeApiKey, type Team } from "@/test/fixtures";
import { signOutTest } from "@/test/session";
import { type LedgerScope, storeObjects } from "./store";

let team: Team;
let scope: LedgerScope;
let provider: ReturnType<typeof spyOnFetch>;
const spyOnFetch = () => vi.spyOn(globalThis, "fetch");
/** When the copy last read every list: 4 s before the test. */
let syncedAt: Date;

const at = (day: number, minute = 0) => new Date(Date.UTC(2026, 10, day, 9, minute)).toISOString();

const proOrder = (n: number, status: string, over: Record<string, unknown> = {}) => ({
  order_id: randomUUID(),
  client_order_id: randomUUID(),
  symbol: "USDT-NGN",
  side: "buy",
  type: "limit",
  status,
  price: "1500.00",
  requested_quantity: "2",
  filled_quantity: "0",
  created_at: at(10, n),
  updated_at: at(10, n),
  ...over,
});
const coinsOrder = (n: number, side: "buy" | "sell") => ({
  id: randomUUID(),
  side,
  status: "completed",
  base_asset: "BTC",
  base_amount: "0.01",
  quote_asset: "NGN",
  quote_amount: "2500.00",
  created_at: at(11, n),
  updated_at: at(11, n),
});

beforeEach(async () => {
  team = await createTeamWithKey({ surface: "coins" });
  await storeApiKey(team, { surface: "pro", key: "daya_sk_demo_pro_5c8e1f4a9b2d" });
  scope = { organizationId: team.org.id, environment: "sandbox" };
  signOutTest();
  await signInAsMember(team, "viewer");
  syncedAt = new Date(Date.now() - 4_000);
  // The provider is down: any request the app sends fails as an unreachable host does.
  provider = spyOnFetch().mockRejectedValue(new TypeError("fetch failed"));
});

afterEach(() => {
  provider.mockRestore();
});

/** Notes that every list was swept at `syncedAt`, as the sweep does. */
async function sweptAt(kinds: string[]) {
  for (const kind of kinds) {
    await testDb().syncState.create({ data: { organizationId: team.org.id, environment: "sandbox", kind, lastSweptAt: syncedAt } });
  }
}

describe("Pro orders from the copy, the provider down", () => {
  it("lists the open orders or the history, and shows an order with its trades, each with the copy's age, at no provider call", async () => {
    const open = proOrder(1, "open");
    const partial = proOrder(2, "partially_filled", { filled_quantity: "1" });
    const filled = proOrder(3, "filled", { filled_quantity: "2" });
    await storeObjects(scope, "pro_order", [open, partial, filled], "sweep");
    await storeObjects(
      scope,
      "pro_trade",
      [
        { trade_id: "t1", order_id: filled.order_id, symbol: "USDT-NGN", price: "1500.00", quantity: "1.5", executed_at: at(10, 4) },
        { trade_id: "t2", order_id: filled.order_id, symbol: "USDT-NGN", price: "1500.00", quantity: "0.5", executed_at: at(10, 5) },
        { trade_id: "t3", order_id: partial.order_id, symbol: "USDT-NGN", price: "1500.00", quantity: "1", executed_at: at(10, 6) },
      ],
      "sweep",
    );
    await sweptAt(["pro_order"]);

    const working = await callRoute<ProOrderListView>(listProOrders, "/api/pro/orders");
    expect(working.status).toBe(200);
    expect(working.body.rows.map((o) => o.order_id)).toEqual([partial.order_id, open.order_id]);
    expect(working.body).toMatchObject({ page: 1, pages: 1, total: 2, stale: false, synced: { kind: "pro_order", syncedAt: syncedAt.toISOString() } });
    const history = await callRoute<ProOrderListView>(listProOrders, "/api/pro/orders?view=history&status=filled");
    expect(history.body.rows.map((o) => o.order_id)).toEqual([filled.order_id]);

    const detail = await callRoute<ProOrderView>(getProOrder, `/api/pro/orders/${filled.order_id}`, { id: filled.order_id });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      order: { order_id: filled.order_id, status: "filled" },
      tradesError: null,
      stale: false,
      synced: { kind: "pro_order" },
    });
    // Oldest fill first, as the provider lists them.
    expect(detail.body.trades.map((t) => t.trade_id)).toEqual(["t1", "t2"]);
    expect(provider).not.toHaveBeenCalled();
  });

  it("an order whose fills the copy has not all read shows with the reason its trades could not be read", async () => {
    const behind = proOrder(1, "filled", { filled_quantity: "2" });
    await storeObjects(scope, "pro_order", [behind], "write");
    await storeObjects(scope, "pro_trade", [{ trade_id: "t9", order_id: behind.order_id, price: "1500.00", quantity: "1", executed_at: at(10, 2) }], "sweep");
    const detail = await callRoute<ProOrderView>(getProOrder, `/api/pro/orders/${behind.order_id}`, { id: behind.order_id });
    expect(detail.status).toBe(200);
    expect(detail.body.order.status).toBe("filled");
    expect(detail.body.trades.map((t) => t.trade_id)).toEqual(["t9"]);
    expect(detail.body.tradesError).toMatch(/\.$/);
    // The trades were asked for, the order itself was not.
    expect(provider).toHaveBeenCalled();
    expect(provider.mock.calls.every(([url]) => String(url).includes(`/orders/${behind.order_id}/trades`))).toBe(true);
  });
});

describe("Coins records from the copy, the provider down", () => {
  it("pages orders by number behind the cursor links, filtered as the provider filters, at no provider call", async () => {
    const orders = Array.from({ length: 25 }, (_, i) => coinsOrder(i, i % 5 === 0 ? "sell" : "buy"));
    await storeObjects(scope, "coins_order", orders, "sweep");
    await sweptAt(["coins_order"]);
    const newest = [...orders].reverse();

    const first = await callRoute<CursorPage<CoinsOrder>>(listCoinsOrders, "/api/coins/orders");
    expect(first.status).toBe(200);
    expect(first.body.rows.map((o) => o.id)).toEqual(newest.slice(0, 20).map((o) => o.id));
    expect(first.body).toMatchObject({ nextCursor: "2", stale: false, synced: { kind: "coins_order", syncedAt: syncedAt.toISOString() } });
    const second = await callRoute<CursorPage<CoinsOrder>>(listCoinsOrders, "/api/coins/orders?cursor=2&trail=");
    expect(second.body.rows.map((o) => o.id)).toEqual(newest.slice(20).map((o) => o.id));
    expect(second.body.nextCursor).toBeNull();
    const sells = await callRoute<CursorPage<CoinsOrder>>(listCoinsOrders, "/api/coins/orders?side=sell&base_asset=BTC");
    expect(sells.body.rows.map((o) => o.id)).toEqual(newest.filter((o) => o.side === "sell").map((o) => o.id));

    const one = await callRoute<OrderView>(getCoinsOrder, `/api/coins/orders/${orders[3]!.id}`, { id: orders[3]!.id });
    expect(one.body).toMatchObject({ order: { id: orders[3]!.id, side: "buy" }, stale: false, synced: { kind: "coins_order" } });
    expect(provider).not.toHaveBeenCalled();
  });

  it("lists transactions and both kinds of withdrawal, and shows each withdrawal, at no provider call", async () => {
    const fee = { id: "ctx_fee", type: "fee", asset: "NGN", amount: "18.75", status: "completed", created_at: at(12, 1) };
    const trade = { id: "ctx_trade", type: "trade", asset: "BTC", amount: "0.01", status: "completed", created_at: at(12, 2) };
    const crypto = { id: randomUUID(), address: "0xabc", asset: "USDC", chain: "base", amount: "50", status: "processing", created_at: at(12, 3) };
    const fiat = { id: randomUUID(), currency: "NGN", amount: "5000.00", account_number: "0123456789", status: "completed", created_at: at(12, 4) };
    await storeObjects(scope, "coins_transaction", [fee, trade], "sweep");
    await storeObjects(scope, "coins_crypto_withdrawal", [crypto], "sweep");
    await storeObjects(scope, "coins_fiat_withdrawal", [fiat], "write");
    await sweptAt(["coins_transaction", "coins_crypto_withdrawal"]);

    const fees = await callRoute<CursorPage<CoinsTransaction>>(listTransactions, "/api/coins/transactions?type=fee");
    expect(fees.body.rows.map((t) => t.id)).toEqual(["ctx_fee"]);
    const cryptoList = await callRoute<CursorPage<CryptoWithdrawal>>(listCryptoWithdrawals, "/api/coins/withdrawals/crypto?asset=USDC");
    expect(cryptoList.body).toMatchObject({ rows: [{ id: crypto.id }], synced: { syncedAt: syncedAt.toISOString() } });
    const fiatList = await callRoute<CursorPage<FiatWithdrawal>>(listFiatWithdrawals, "/api/coins/withdrawals/fiat");
    // Not swept yet (the write put it there): the page says the first read is still to come.
    expect(fiatList.body).toMatchObject({ rows: [{ id: fiat.id }], synced: { kind: "coins_fiat_withdrawal", syncedAt: null } });

    const c = await callRoute<WithdrawalView>(getCryptoWithdrawal, `/api/coins/withdrawals/crypto/${crypto.id}`, { id: crypto.id });
    expect(c.body).toMatchObject({ kind: "crypto", withdrawal: { id: crypto.id, status: "processing" }, stale: false });
    const f = await callRoute<WithdrawalView>(getFiatWithdrawal, `/api/coins/withdrawals/fiat/${fiat.id}`, { id: fiat.id });
    expect(f.body).toMatchObject({ kind: "fiat", withdrawal: { id: fiat.id, account_number: "0123456789" } });
    expect(provider).not.toHaveBeenCalled();
  });

  it("a record the copy has never seen needs the provider: down, the route says so instead of a page", async () => {
    const id = randomUUID();
    const r = await callRoute<{ error: string }>(getCoinsOrder, `/api/coins/orders/${id}`, { id });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/\.$/);
    expect(provider).toHaveBeenCalled();
  });
});
