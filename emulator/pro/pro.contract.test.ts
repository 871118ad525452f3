/**
 * Contract suite of the Pro surface over HTTP against the real emulator (all four surfaces), as an
 * API client sees it. Emulated time is moved with the control API, never with sleeps.
 */
import { createHmac, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emulatorPerSuite, type Envelope } from "../lib/suite";
import { startWebhookReceiver, withEmulator, type TestEmulator, type WebhookReceiver } from "../testing";
import { BOOK_PARAMS, levelSize } from "./book";
import { D, type Dec } from "./decimal";
import { ENGINE_PARAMS } from "./engine";
import { WEBHOOK_PARAMS } from "./webhooks";

const BASE = "/pro/public/v1";

const suite = emulatorPerSuite({ rateLimitPerMinute: 0 });
let receiver: WebhookReceiver;

async function call(method: string, path: string, opts: { json?: unknown; key?: string; rawBody?: string } = {}): Promise<{ status: number; body: Envelope }> {
  const init: RequestInit & { apiKey?: string | null; json?: unknown } = { method };
  if (opts.key !== undefined) init.apiKey = opts.key;
  if (opts.json !== undefined) init.json = opts.json;
  if (opts.rawBody !== undefined) {
    init.body = opts.rawBody;
    init.headers = { "Content-Type": "application/json" };
  }
  const res = await suite.emu.request(`${BASE}${path}`, init);
  return { status: res.status, body: (await res.json()) as Envelope };
}

function expectError(r: { status: number; body: Envelope }, status: number, code: string) {
  expect(r.status).toBe(status);
  expect(r.body.success).toBe(false);
  expect(r.body.error?.code).toBe(code);
  expect(typeof r.body.message).toBe("string");
  expect(typeof r.body.timestamp).toBe("string");
}

/** Best ask (or bid) now, read from a one-unit market quote. */
async function bestPrice(side: "buy" | "sell"): Promise<Dec> {
  const q = await call("POST", "/orders/quote", { json: { symbol: "USDT-NGN", side, type: "market", quantity: "1" } });
  return new D(q.body.data.estimated_price);
}

/** As a client does it: its own client_order_id on the quote, then the same id and the quote's fee on the order. */
async function limitOrder(side: "buy" | "sell", price: string, quantity: string, extra: Record<string, unknown> = {}) {
  const client_order_id = randomUUID();
  const q = await call("POST", "/orders/quote", { json: { symbol: "USDT-NGN", side, type: "limit", price, quantity, client_order_id } });
  expect(q.status).toBe(200);
  return call("POST", "/orders", {
    json: { symbol: "USDT-NGN", side, type: "limit", price, quantity, max_taker_fee: q.body.data.estimated_fee, client_order_id, ...extra },
  });
}

const { settlementDelayMs: SETTLE, activationDelayMs: ACTIVATE, matchIntervalMs: MATCH } = ENGINE_PARAMS;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await receiver?.close();
});

beforeEach(async () => {
  await suite.emu.control.reset();
  await suite.emu.control.clearFaults();
  receiver.clear();
  receiver.respondWith(200);
});

describe("authentication and scopes", () => {
  it("answers 401 API_KEY_INVALID without a valid key, and accepts the daya_sk_ Pro key", async () => {
    expectError(await call("GET", "/balances", { key: null as unknown as string }), 401, "API_KEY_INVALID");
    expectError(await call("GET", "/balances", { key: "sk_sandbox_unknown_key_000" }), 401, "API_KEY_INVALID");
    expect((await call("GET", "/balances", { key: suite.emu.keys.pro })).status).toBe(200);
  });

  it("needs Trade to place, quote, cancel or replace; Read to list; Write for webhooks", async () => {
    const order = { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1" };
    expectError(await call("POST", "/orders", { key: suite.emu.keys.readonly, json: order }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("POST", "/orders/quote", { key: suite.emu.keys.readonly, json: order }), 403, "API_KEY_INVALID_SCOPE");
    const open = (await call("GET", "/orders")).body.data.orders[0];
    expectError(await call("DELETE", `/orders/${open.order_id}`, { key: suite.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("PUT", `/orders/${open.order_id}`, { key: suite.emu.keys.readonly, json: { price: "1390.00" } }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("GET", "/orders", { key: suite.emu.keys.noread }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("GET", "/orders/history", { key: suite.emu.keys.noread }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("GET", "/balances", { key: suite.emu.keys.noread }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("GET", "/withdrawals/onchain/options", { key: suite.emu.keys.noread }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("GET", "/webhooks", { key: suite.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
    expectError(await call("POST", "/webhooks", { key: suite.emu.keys.readonly, json: {} }), 403, "API_KEY_INVALID_SCOPE");
    expect((await call("GET", "/webhooks", { key: suite.emu.keys.noread })).status).toBe(200);
  });

  it("blocks placing and replacing for a frozen merchant with 403 merchant_frozen, but not reading or cancelling", async () => {
    const key = suite.emu.keys.frozen;
    const order = { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1" };
    expectError(await call("POST", "/orders", { key, json: order }), 403, "merchant_frozen");
    const open = (await call("GET", "/orders", { key })).body.data.orders;
    expect(open.length).toBeGreaterThan(0);
    expectError(await call("PUT", `/orders/${open[0].order_id}`, { key, json: { price: "1390.00" } }), 403, "merchant_frozen");
    const cancelled = await call("DELETE", `/orders/${open[0].order_id}`, { key });
    expect(cancelled.status).toBe(200);
  });
});

describe("balances", () => {
  it("shows the seeded NGN and unified USD balances minus what open orders reserve", async () => {
    const r = await call("GET", "/balances");
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const [ngn, usd] = r.body.data.balances;
    // Seeded open buy: 1200 USD at 1400.00 with a 1680.00 fee cap; seeded sell: 1100 USD still open.
    expect(ngn).toEqual({ asset: "NGN", total: "50000000.00", reserved: "1681680.00", available: "48318320.00" });
    expect(usd).toMatchObject({ asset: "USD", total: "25000.00000000", reserved: "1100.00000000", available: "23900.00000000" });
    expect(usd.symbols).toEqual(["USDT-NGN", "USDC-NGN", "USD-NGN"]);
  });
});

describe("quotes", () => {
  it("quotes a limit order at its price and echoes the client's client_order_id, never inventing one", async () => {
    const ticket = { symbol: "USDC-NGN", side: "buy", type: "limit", price: "1500.00", quantity: "10" };
    const r = await call("POST", "/orders/quote", { json: { ...ticket, client_order_id: "ticket-7.q:1" } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      symbol: "USD-NGN",
      side: "buy",
      type: "limit",
      quantity: "10.00000000",
      estimated_price: "1500.00",
      estimated_total: "15000.00",
      estimated_fee: "15.00",
      client_order_id: "ticket-7.q:1",
    });
    const bare = await call("POST", "/orders/quote", { json: ticket });
    expect(bare.status).toBe(200);
    expect(bare.body.data.estimated_fee).toBe("15.00");
    expect(bare.body.data).not.toHaveProperty("client_order_id");
    const market = await call("POST", "/orders/quote", { json: { symbol: "USDT-NGN", side: "sell", type: "market", quantity: "1" } });
    expect(market.body.data).not.toHaveProperty("client_order_id");
    const bad = await call("POST", "/orders/quote", { json: { ...ticket, client_order_id: "has spaces" } });
    expectError(bad, 400, "INVALID_ORDER");
    expect(bad.body.error?.fields?.client_order_id).toBeDefined();
  });

  it("places a limit order only under the client_order_id of a quote it gave this merchant", async () => {
    const ticket = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1400.00", quantity: "2", max_taker_fee: "2.80" };
    const unknown = await call("POST", "/orders", { json: { ...ticket, client_order_id: "never-quoted" } });
    expectError(unknown, 400, "INVALID_ORDER");
    expect(unknown.body.error?.fields?.client_order_id).toMatch(/matches no quote/);
    // Another merchant's quote does not count: quotes belong to the key's merchant.
    expect((await call("POST", "/orders/quote", { key: suite.emu.keys.second, json: { ...ticket, client_order_id: "their-quote" } })).status).toBe(200);
    expectError(await call("POST", "/orders", { json: { ...ticket, client_order_id: "their-quote" } }), 400, "INVALID_ORDER");
    expect((await call("GET", "/orders?limit=100")).body.data.orders.some((o: { client_order_id: string }) => o.client_order_id === "never-quoted")).toBe(
      false,
    );

    await call("POST", "/orders/quote", { json: { ...ticket, client_order_id: "quoted-1" } });
    const placed = await call("POST", "/orders", { json: { ...ticket, client_order_id: "quoted-1" } });
    expect(placed.status).toBe(201);
    expect(placed.body.data).toMatchObject({ client_order_id: "quoted-1", max_taker_fee: "2.80", status: "pending_settlement" });
    // A retried send of the same order is a replay, not a refusal and not a second order.
    const retried = await call("POST", "/orders", { json: { ...ticket, client_order_id: "quoted-1" } });
    expect(retried.status).toBe(200);
    expect(retried.body.data.order_id).toBe(placed.body.data.order_id);
  });

  it("leaves client_order_id empty on an order sent without one", async () => {
    const r = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1" } });
    expect(r.status).toBe(201);
    expect(r.body.data.client_order_id).toBe("");
  });

  it("quotes a market order against current liquidity, and validates like an order", async () => {
    const r = await call("POST", "/orders/quote", { json: { symbol: "USDT-NGN", side: "sell", type: "market", quantity: "100" } });
    expect(r.status).toBe(200);
    const price = new D(r.body.data.estimated_price);
    expect(price.gt(1500) && price.lt(1560)).toBe(true);
    expect(r.body.data.estimated_total).toBe(price.times(100).toFixed(2));
    expectError(await call("POST", "/orders/quote", { json: { symbol: "USDT-NGN", side: "buy", type: "limit", quantity: "1" } }), 400, "INVALID_ORDER");
    expectError(await call("POST", "/orders/quote", { json: { symbol: "ETH-NGN", side: "buy", type: "market", quantity: "1" } }), 404, "SYMBOL_NOT_FOUND");
  });
});

describe("POST /orders validation", () => {
  it("answers 400 INVALID_ORDER with fields, and 404 SYMBOL_NOT_FOUND", async () => {
    const noPrice = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "limit", quantity: "1" } });
    expectError(noPrice, 400, "INVALID_ORDER");
    expect(noPrice.body.error?.fields?.price).toBeDefined();
    const marketPrice = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1", price: "1500" } });
    expectError(marketPrice, 400, "INVALID_ORDER");
    expect(marketPrice.body.error?.fields?.price).toMatch(/not allowed/);
    const tooPrecise = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "0.000000001" } });
    expect(tooPrecise.body.error?.fields?.quantity).toBeDefined();
    const negativePrice = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "limit", quantity: "1", price: "-5" } });
    expect(negativePrice.body.error?.fields?.price).toBeDefined();
    expectError(await call("POST", "/orders", { rawBody: "{not json" }), 400, "INVALID_ORDER");
    expectError(await call("POST", "/orders", { json: { symbol: "DOGE-NGN", side: "buy", type: "market", quantity: "1" } }), 404, "SYMBOL_NOT_FOUND");
  });

  it("answers 400 INSUFFICIENT_BALANCE when the available balance cannot cover the order", async () => {
    const r = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "sell", type: "market", quantity: "23900.00000001" } });
    expectError(r, 400, "INSUFFICIENT_BALANCE");
    expect(r.body.error?.details).toMatchObject({ asset: "USD", available: "23900.00000000" });
    const buy = await limitOrder("buy", "1500.00", "40000");
    expectError(buy, 400, "INSUFFICIENT_BALANCE");
  });
});

describe("limit orders", () => {
  it("walks pending_settlement -> new -> open -> partially_filled -> filled over emulated time", async () => {
    const price = (await bestPrice("buy")).plus(20).toFixed(2);
    const placed = await limitOrder("buy", price, "300");
    expect(placed.status).toBe(201);
    const order = placed.body.data;
    expect(order).toMatchObject({
      status: "pending_settlement",
      symbol: "USD-NGN",
      side: "buy",
      type: "limit",
      requested_quantity: "300.00000000",
      filled_quantity: "0.00000000",
      remaining_quantity: "300.00000000",
      avg_fill_price: "",
      total_fee_charged: "",
      rejection_reason: "",
      price,
    });
    expect(order.max_taker_fee).toBe(new D(price).times(300).times("0.001").toDecimalPlaces(2, D.ROUND_UP).toFixed(2));
    const get = async () => (await call("GET", `/orders/${order.order_id}`)).body.data;

    await suite.emu.control.advance(SETTLE + 2_000);
    expect((await get()).status).toBe("new");
    await suite.emu.control.advance(ACTIVATE);
    expect((await get()).status).toBe("open");
    await suite.emu.control.advance(MATCH);
    const partial = await get();
    expect(partial).toMatchObject({ status: "partially_filled", filled_quantity: "150.00000000", remaining_quantity: "150.00000000" });
    await suite.emu.control.advance(MATCH);
    const filled = await get();
    expect(filled.status).toBe("filled");
    expect(new D(filled.avg_fill_price).lte(price)).toBe(true);
    expect(new D(filled.total_fee_charged).lte(order.max_taker_fee)).toBe(true);

    const trades = (await call("GET", `/orders/${order.order_id}/trades`)).body.data.trades;
    expect(trades).toHaveLength(2);
    expect(trades.reduce((a: Dec, t: { quantity: string }) => a.plus(t.quantity), new D(0)).toFixed(8)).toBe("300.00000000");
    expect(trades[0]).toMatchObject({ order_id: order.order_id, fee_asset: "NGN", symbol: "USD-NGN" });

    const usd = (await call("GET", "/balances")).body.data.balances[1];
    expect(usd.total).toBe("25300.00000000");
  });

  it("catches up after a long clock jump: a marketable order placed before it is filled after it", async () => {
    const price = (await bestPrice("buy")).plus(30).toFixed(2);
    const placed = (await limitOrder("buy", price, "50")).body.data;
    const started = Date.now();
    await suite.emu.control.advance(24 * 3_600_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const after = (await call("GET", `/orders/${placed.order_id}`)).body.data;
    expect(after).toMatchObject({ status: "filled", filled_quantity: "50.00000000" });
  });

  it("rejects with TAKER_FEE_CAP_EXCEEDED when max_taker_fee is omitted or too low (201, status rejected)", async () => {
    const r = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1500.00", quantity: "10" } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: "rejected", rejection_reason: "TAKER_FEE_CAP_EXCEEDED", max_taker_fee: "0.00" });
    const low = await call("POST", "/orders", {
      json: { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "14.99" },
    });
    expect(low.body.data.status).toBe("rejected");
    const ok = await call("POST", "/orders", {
      json: { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "15.00" },
    });
    expect(ok.body.data.status).toBe("pending_settlement");
  });

  it("treats the same client_order_id as the same order and refuses it for a different order", async () => {
    const body = { symbol: "USDT-NGN", side: "buy", type: "limit", price: "1400.00", quantity: "2", max_taker_fee: "2.80", client_order_id: "ticket-42" };
    await call("POST", "/orders/quote", {
      json: { symbol: body.symbol, side: body.side, type: body.type, price: body.price, quantity: body.quantity, client_order_id: body.client_order_id },
    });
    const first = await call("POST", "/orders", { json: body });
    const again = await call("POST", "/orders", { json: body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    const history = (await call("GET", "/orders/history?limit=100")).body.data;
    expect(history.orders.filter((o: { client_order_id: string }) => o.client_order_id === "ticket-42")).toHaveLength(1);
    expectError(await call("POST", "/orders", { json: { ...body, quantity: "3" } }), 409, "DUPLICATE_CLIENT_ORDER_ID");
  });
});

describe("market orders", () => {
  it("fill at once, showing USD-NGN whichever symbol was sent", async () => {
    const r = await call("POST", "/orders", { json: { symbol: "USDC-NGN", side: "buy", type: "market", quantity: "10.5" } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({
      symbol: "USD-NGN",
      status: "filled",
      requested_quantity: "10.50000000",
      filled_quantity: "10.50000000",
      remaining_quantity: "0.00000000",
      max_taker_fee: "",
      price: "",
    });
    expect(r.body.data.avg_fill_price).toMatch(/^\d+\.\d{2}$/);
    expect(r.body.data.total_fee_charged).toMatch(/^\d+\.\d{2}$/);
  });

  it("fill partially on thin liquidity and cancel the unfilled rest", async () => {
    let depth = new D(0);
    for (let k = 0; k < BOOK_PARAMS.levels; k++) depth = depth.plus(levelSize(k));
    const r = await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "buy", type: "market", quantity: depth.plus(500).toFixed() } });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ status: "cancelled", filled_quantity: depth.toFixed(8), remaining_quantity: "500.00000000" });
    const trades = (await call("GET", `/orders/${r.body.data.order_id}/trades`)).body.data.trades;
    expect(trades).toHaveLength(BOOK_PARAMS.levels);
  });
});

describe("order lists", () => {
  it("GET /orders lists the working orders, filtered by status and symbol", async () => {
    const r = await call("GET", "/orders");
    expect(r.status).toBe(200);
    expect(r.body.data.orders.map((o: { status: string }) => o.status).sort()).toEqual(["open", "partially_filled"]);
    expect(r.body.data).toMatchObject({ total_count: 2, limit: 50, offset: 0, has_more: false });
    const partial = await call("GET", "/orders?status=partially_filled&symbol=USDC-NGN");
    expect(partial.body.data.orders).toHaveLength(1);
    expect(partial.body.data.orders[0]).toMatchObject({ side: "sell", filled_quantity: "400.00000000", avg_fill_price: "1600.00" });
    expect((await call("GET", "/orders?status=filled")).body.data.orders).toEqual([]);
    expectError(await call("GET", "/orders?status=done"), 400, "VALIDATION_ERROR");
    expectError(await call("GET", "/orders?symbol=BTC-NGN"), 404, "SYMBOL_NOT_FOUND");
  });

  it("GET /orders/history pages through every order, newest first", async () => {
    const page1 = (await call("GET", "/orders/history?limit=3")).body.data;
    expect(page1).toMatchObject({ total_count: 7, limit: 3, offset: 0, has_more: true });
    expect(page1.orders).toHaveLength(3);
    const page3 = (await call("GET", "/orders/history?limit=3&offset=6")).body.data;
    expect(page3).toMatchObject({ total_count: 7, offset: 6, has_more: false });
    expect(page3.orders).toHaveLength(1);
    const all = (await call("GET", "/orders/history?limit=100")).body.data.orders;
    const created = all.map((o: { created_at: string }) => o.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    expect(new Set(all.map((o: { status: string }) => o.status))).toEqual(new Set(["filled", "cancelled", "rejected", "failed", "open", "partially_filled"]));
    const rejected = (await call("GET", "/orders/history?status=rejected")).body.data.orders;
    expect(rejected).toHaveLength(1);
    expect(rejected[0].rejection_reason).toBe("TAKER_FEE_CAP_EXCEEDED");
    for (const q of ["limit=0", "limit=101", "limit=abc", "offset=-1", "offset=1.5"]) {
      const r = await call("GET", `/orders/history?${q}`);
      expectError(r, 400, "VALIDATION_ERROR");
    }
  });

  it("GET /orders/{id} and /trades answer 404 ORDER_NOT_FOUND for unknown or foreign orders", async () => {
    const filled = (await call("GET", "/orders/history?status=filled")).body.data.orders.find((o: { type: string }) => o.type === "limit");
    const trades = (await call("GET", `/orders/${filled.order_id}/trades`)).body.data.trades;
    expect(trades.map((t: { price: string; quantity: string }) => [t.price, t.quantity])).toEqual([
      ["1524.50", "500.00000000"],
      ["1524.80", "500.00000000"],
    ]);
    expectError(await call("GET", "/orders/00000000-0000-4000-8000-000000000000"), 404, "ORDER_NOT_FOUND");
    expectError(await call("GET", "/orders/not-a-uuid/trades"), 404, "ORDER_NOT_FOUND");
    expectError(await call("GET", `/orders/${filled.order_id}`, { key: suite.emu.keys.second }), 404, "ORDER_NOT_FOUND");
  });
});

describe("cancel and replace", () => {
  it("cancels open orders (data null), releases the reservation, and refuses final or pending ones", async () => {
    const open = (await call("GET", "/orders?status=open")).body.data.orders[0];
    const r = await call("DELETE", `/orders/${open.order_id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: null });
    expect((await call("GET", `/orders/${open.order_id}`)).body.data.status).toBe("cancelled");
    expect((await call("GET", "/balances")).body.data.balances[0].reserved).toBe("0.00");
    const again = await call("DELETE", `/orders/${open.order_id}`);
    expectError(again, 409, "ORDER_NOT_CANCELLABLE");
    expect(again.body.error?.details).toEqual({ status: "cancelled" });

    const pending = await limitOrder("buy", "1400.00", "1");
    expectError(await call("DELETE", `/orders/${pending.body.data.order_id}`), 409, "ORDER_NOT_CANCELLABLE");
    expectError(await call("DELETE", "/orders/00000000-0000-4000-8000-000000000000"), 404, "ORDER_NOT_FOUND");
  });

  it("cancels a partially filled order, keeping its fills", async () => {
    const partial = (await call("GET", "/orders?status=partially_filled")).body.data.orders[0];
    expect((await call("DELETE", `/orders/${partial.order_id}`)).status).toBe(200);
    const after = (await call("GET", `/orders/${partial.order_id}`)).body.data;
    expect(after).toMatchObject({ status: "cancelled", filled_quantity: "400.00000000", remaining_quantity: "1100.00000000" });
    expect((await call("GET", "/balances")).body.data.balances[1].reserved).toBe("0.00000000");
  });

  it("replaces price and quantity of an open order in place", async () => {
    const open = (await call("GET", "/orders?status=open")).body.data.orders[0];
    const r = await call("PUT", `/orders/${open.order_id}`, { json: { price: "1390.00", quantity: "1000" } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ order_id: open.order_id, status: "open", price: "1390.00", requested_quantity: "1000.00000000" });
    expect(r.body.data.updated_at > open.updated_at).toBe(true);
    // 1000 x 1390 plus the worst-case fee 1390.00 (within the unchanged 1680.00 cap).
    expect((await call("GET", "/balances")).body.data.balances[0].reserved).toBe("1391390.00");
    const capped = await call("PUT", `/orders/${open.order_id}`, { json: { quantity: "2000" } });
    expectError(capped, 400, "TAKER_FEE_CAP_EXCEEDED");
    expectError(await call("PUT", `/orders/${open.order_id}`, { json: {} }), 400, "INVALID_ORDER");
    const filled = (await call("GET", "/orders/history?status=filled")).body.data.orders;
    const filledLimit = filled.find((o: { type: string }) => o.type === "limit");
    const filledMarket = filled.find((o: { type: string }) => o.type === "market");
    expectError(await call("PUT", `/orders/${filledLimit.order_id}`, { json: { price: "1.00" } }), 409, "ORDER_NOT_REPLACEABLE");
    expectError(await call("PUT", `/orders/${filledMarket.order_id}`, { json: { price: "1.00" } }), 400, "INVALID_ORDER");
  });
});

describe("Pro webhooks", () => {
  it("lists the seeded webhooks without secrets", async () => {
    const r = await call("GET", "/webhooks");
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    const disabled = r.body.data.find((w: { status: string }) => w.status === "disabled");
    expect(disabled).toMatchObject({ failure_count: 10, last_failure_reason: "HTTP 502 Bad Gateway" });
    for (const w of r.body.data) expect(w.secret).toBeUndefined();
  });

  it("creates with a one-time 64-hex secret, HTTPS only, at most 5 per account", async () => {
    const created = await call("POST", "/webhooks", { json: { url: "https://hooks.example.com/a", events: ["order.filled"], description: "ops" } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      url: "https://hooks.example.com/a",
      events: ["order.filled"],
      status: "active",
      failure_count: 0,
      last_success_at: null,
      description: "ops",
    });
    expect(created.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    const insecure = await call("POST", "/webhooks", { json: { url: "http://hooks.example.com/a", events: ["order.filled"] } });
    expectError(insecure, 400, "VALIDATION_ERROR");
    expect(insecure.body.error?.fields?.url).toBeDefined();
    expectError(await call("POST", "/webhooks", { json: { url: "https://hooks.example.com/a", events: ["order.updated"] } }), 400, "VALIDATION_ERROR");
    for (let i = 0; i < WEBHOOK_PARAMS.maxPerAccount - 3; i++) {
      expect((await call("POST", "/webhooks", { json: { url: `https://hooks.example.com/${i}`, events: ["trade.executed"] } })).status).toBe(201);
    }
    expectError(await call("POST", "/webhooks", { json: { url: "https://hooks.example.com/6", events: ["trade.executed"] } }), 400, "WEBHOOK_LIMIT_REACHED");
  });

  it("PATCH changes only sent fields; status only active|paused; HTTPS only; 404 for unknown ids", async () => {
    const active = (await call("GET", "/webhooks")).body.data.find((w: { status: string }) => w.status === "active");
    const paused = await call("PATCH", `/webhooks/${active.id}`, { json: { status: "paused" } });
    expect(paused.status).toBe(200);
    expect(paused.body.data).toMatchObject({ ...active, status: "paused", updated_at: expect.any(String) });
    const bad = await call("PATCH", `/webhooks/${active.id}`, { json: { status: "disabled" } });
    expectError(bad, 400, "VALIDATION_ERROR");
    expect(bad.body.error?.fields?.status).toBeDefined();
    expectError(await call("PATCH", `/webhooks/${active.id}`, { json: { url: "http://hooks.example.com" } }), 400, "VALIDATION_ERROR");
    const renamed = await call("PATCH", `/webhooks/${active.id}`, { json: { description: "renamed", events: ["order.cancelled"] } });
    expect(renamed.body.data).toMatchObject({ status: "paused", description: "renamed", events: ["order.cancelled"], url: active.url });
    expectError(await call("PATCH", "/webhooks/00000000-0000-4000-8000-000000000000", { json: { status: "active" } }), 404, "WEBHOOK_NOT_FOUND");
    expectError(await call("PATCH", `/webhooks/${active.id}`, { key: suite.emu.keys.readonly, json: { status: "active" } }), 403, "API_KEY_INVALID_SCOPE");

    const disabled = (await call("GET", "/webhooks")).body.data.find((w: { status: string }) => w.status === "disabled");
    const revived = await call("PATCH", `/webhooks/${disabled.id}`, { json: { status: "active" } });
    expect(revived.body.data).toMatchObject({ status: "active", failure_count: 0 });
  });

  it("deletes and rotates secrets", async () => {
    const created = (await call("POST", "/webhooks", { json: { url: "https://hooks.example.com/r", events: ["order.filled"] } })).body.data;
    const rotated = await call("POST", `/webhooks/${created.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.body.data.secret).not.toBe(created.secret);
    const deleted = await call("DELETE", `/webhooks/${created.id}`);
    expect(deleted.body).toMatchObject({ success: true, data: null });
    expectError(await call("DELETE", `/webhooks/${created.id}`), 404, "WEBHOOK_NOT_FOUND");
    expectError(await call("POST", `/webhooks/${created.id}/rotate-secret`), 404, "WEBHOOK_NOT_FOUND");
  });

  it("delivers subscribed events signed with X-Webhook-Signature: sha256=<hmac>", async () => {
    const created = (await call("POST", "/webhooks", { json: { url: receiver.url, events: ["order.created", "trade.executed", "order.filled"] } })).body.data;
    const order = (await call("POST", "/orders", { json: { symbol: "USDT-NGN", side: "sell", type: "market", quantity: "5" } })).body.data;
    const got = await receiver.waitFor(3);
    const types = got.map((d) => JSON.parse(d.body).type);
    expect(types.sort()).toEqual(["order.created", "order.filled", "trade.executed"]);
    for (const d of got) {
      const expected = createHmac("sha256", created.secret).update(d.body).digest("hex");
      expect(d.headers["x-webhook-signature"]).toBe(`sha256=${expected}`);
      const body = JSON.parse(d.body);
      expect(body).toMatchObject({ event_id: expect.any(String), type: expect.any(String), timestamp: expect.any(String) });
      expect(d.headers["x-webhook-event"]).toBe(body.type);
      expect(body.data.order_id).toBe(order.order_id);
    }
    const filled = got.map((d) => JSON.parse(d.body)).find((b) => b.type === "order.filled");
    expect(filled.data).toMatchObject({ status: "filled", filled_quantity: "5.00000000" });
    const listed = (await call("GET", "/webhooks")).body.data.find((w: { id: string }) => w.id === created.id);
    expect(listed.last_success_at).not.toBeNull();
  });

  it("emits order.partially_filled and order.filled as a resting order fills over time", async () => {
    await call("POST", "/webhooks", { json: { url: receiver.url, events: ["order.partially_filled", "order.filled", "order.cancelled"] } });
    const price = (await bestPrice("sell")).minus(20).toFixed(2);
    const placed = (await limitOrder("sell", price, "40")).body.data;
    await suite.emu.control.advance(SETTLE + ACTIVATE + MATCH + 1_000);
    await suite.emu.control.advance(MATCH);
    const got = await receiver.waitFor(2);
    const events = got.map((d) => JSON.parse(d.body));
    expect(events.map((e) => e.type)).toEqual(["order.partially_filled", "order.filled"]);
    expect(events.every((e) => e.data.order_id === placed.order_id)).toBe(true);
  });

  it("disables a webhook after repeated failed deliveries, recording the failure", async () => {
    receiver.respondWith(500);
    const created = (await call("POST", "/webhooks", { json: { url: receiver.url, events: ["deposit.completed"] } })).body.data;
    for (let i = 0; i < WEBHOOK_PARAMS.disableAfterFailures; i++) {
      expect((await call("POST", "/sandbox/deposits", { json: { asset: "NGN", amount: "1000.00" } })).status).toBe(201);
    }
    await receiver.waitFor(WEBHOOK_PARAMS.disableAfterFailures);
    let webhook: { status: string; failure_count: number; last_failure_reason: string | null; last_failure_at: string | null } | undefined;
    for (let i = 0; i < 50; i++) {
      webhook = (await call("GET", "/webhooks")).body.data.find((w: { id: string }) => w.id === created.id);
      if (webhook?.status === "disabled") break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(webhook).toMatchObject({ status: "disabled", failure_count: WEBHOOK_PARAMS.disableAfterFailures, last_failure_reason: "HTTP 500" });
    expect(webhook?.last_failure_at).not.toBeNull();
  });
});

describe("sandbox deposits", () => {
  it("credits NGN and stablecoins (to the unified USD balance) with their events", async () => {
    await call("POST", "/webhooks", { json: { url: receiver.url, events: ["deposit.completed", "crypto.deposit.completed"] } });
    const ngn = await call("POST", "/sandbox/deposits", { json: { asset: "NGN", amount: "250000.50" } });
    expect(ngn.status).toBe(201);
    expect(ngn.body.data).toMatchObject({ asset: "NGN", amount: "250000.50", credited_asset: "NGN", status: "completed", tx_hash: null });
    const usdt = await call("POST", "/sandbox/deposits", { json: { asset: "USDT", amount: "100.5", chain: "polygon" } });
    expect(usdt.body.data).toMatchObject({ asset: "USDT", chain: "polygon", credited_asset: "USD", credited_amount: "100.50000000" });
    expect(usdt.body.data.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const [n, u] = (await call("GET", "/balances")).body.data.balances;
    expect(n.total).toBe("50250000.50");
    expect(u.total).toBe("25100.50000000");
    const got = await receiver.waitFor(2);
    expect(got.map((d) => JSON.parse(d.body).type).sort()).toEqual(["crypto.deposit.completed", "deposit.completed"]);
    const bad = await call("POST", "/sandbox/deposits", { json: { asset: "USDC", amount: "1", chain: "tron" } });
    expectError(bad, 400, "VALIDATION_ERROR");
    expect(bad.body.error?.fields?.chain).toBeDefined();
  });
});

describe("on-chain withdrawal options", () => {
  it("returns only enabled rails", async () => {
    const r = await call("GET", "/withdrawals/onchain/options");
    expect(r.status).toBe(200);
    const assets = r.body.data.assets;
    expect(assets.map((a: { asset: string }) => a.asset)).toEqual(["USDT", "USDC"]);
    const usdt = assets[0];
    expect(usdt.chains.map((c: { blockchain: string }) => c.blockchain)).toEqual(["tron", "ethereum", "polygon"]);
    expect(usdt.chains[0]).toMatchObject({
      blockchain_name: expect.any(String),
      decimals: 6,
      fee_amount: "1.00",
      fee_asset: "USDT",
      contract_address: expect.any(String),
    });
    expect(assets[1].chains.map((c: { blockchain: string }) => c.blockchain)).toEqual(["ethereum", "base", "solana"]);
  });

  it("answers 503 while the wallet service is unavailable", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/pro/", wallet_unavailable: true });
    const r = await call("GET", "/withdrawals/onchain/options");
    expect(r.status).toBe(503);
    expect(r.body.success).toBe(false);
    await suite.emu.control.clearFaults();
    expect((await call("GET", "/withdrawals/onchain/options")).status).toBe(200);
  });
});

describe("production mode and persistence", () => {
  it("in live mode refuses plain-HTTP webhook URLs and has no deposit simulator", async () => {
    const live = await withEmulator({ mode: "live", rateLimitPerMinute: 0 });
    try {
      const key = live.keys.live;
      const hook = await live.request(`${BASE}/webhooks`, { method: "POST", apiKey: key, json: { url: "http://127.0.0.1:9/x", events: ["order.filled"] } });
      expect(hook.status).toBe(400);
      expect(((await hook.json()) as Envelope).error?.fields?.url).toMatch(/HTTPS/);
      const deposit = await live.request(`${BASE}/sandbox/deposits`, { method: "POST", apiKey: key, json: { asset: "NGN", amount: "1.00" } });
      expect(deposit.status).toBe(404);
    } finally {
      await live.close();
    }
  });

  it("keeps orders, balances and webhooks across a restart on the same data dir", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "pro-persist-"));
    const first = await withEmulator({ rateLimitPerMinute: 0, dataDir });
    let second: TestEmulator | undefined;
    try {
      const placed = (await (
        await first.request(`${BASE}/orders`, { method: "POST", json: { symbol: "USDT-NGN", side: "sell", type: "market", quantity: "7" } })
      ).json()) as Envelope;
      const balances = (await (await first.request(`${BASE}/balances`)).json()) as Envelope;
      // close() flushes the state; the data dir is ours, so it stays.
      await first.close();
      second = await withEmulator({ rateLimitPerMinute: 0, dataDir });
      const again = (await (await second.request(`${BASE}/orders/${placed.data.order_id}`)).json()) as Envelope;
      expect(again.data).toEqual(placed.data);
      const balancesAgain = (await (await second.request(`${BASE}/balances`)).json()) as Envelope;
      expect(balancesAgain.data).toEqual(balances.data);
    } finally {
      await second?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
