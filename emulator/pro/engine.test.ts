import { describe, expect, it } from "vitest";
import { BOOK_PARAMS, emptyBook, levelSize, levels, midPrice, topOfBook, walk } from "./book";
import { D } from "./decimal";
import {
  ENGINE_PARAMS,
  advance,
  availableOf,
  balancesView,
  cancelOrder,
  orderView,
  placeOrder,
  quote,
  replaceOrder,
  reservedOf,
  validateOrderInput,
  type EngineEnv,
  type OrderInput,
} from "./engine";
import type { OrderRecord, ProEvent, ProSlice } from "./types";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);

function env(): EngineEnv {
  let n = 0;
  return {
    newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`,
    iso: (ms) => new Date(ms).toISOString(),
  };
}

function freshSlice(ngn = "50000000.00", usd = "25000.00000000"): ProSlice {
  return { balances: { NGN: ngn, USD: usd }, orders: [], trades: [], webhooks: [], deposits: [], book: emptyBook(T0), last_tick: T0 };
}

function input(body: Record<string, unknown>): OrderInput {
  const r = validateOrderInput({ symbol: "USDT-NGN", ...body });
  if (!r.ok) throw new Error(`invalid test input: ${JSON.stringify(r)}`);
  return r.value;
}

function place(slice: ProSlice, body: Record<string, unknown>, e = env(), now = T0) {
  const r = placeOrder(slice, input(body), now, e);
  if (!r.ok) throw new Error(`placement failed: ${r.code}`);
  return r;
}

const names = (events: ProEvent[]) => events.map((e) => e.name);

describe("simulated book", () => {
  it("is deterministic, bounded around the base mid, and moves over time", () => {
    expect(midPrice(T0).toFixed(2)).toBe(midPrice(T0).toFixed(2));
    const base = new D(BOOK_PARAMS.baseMid);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const m = midPrice(T0 + i * 60_000);
      seen.add(m.toFixed(2));
      expect(m.minus(base).abs().lte(base.times("0.0091"))).toBe(true);
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it("orders asks upwards and bids downwards with a positive spread", () => {
    const book = emptyBook(T0);
    const asks = levels(book, "buy", T0);
    const bids = levels(book, "sell", T0);
    expect(asks).toHaveLength(BOOK_PARAMS.levels);
    for (let k = 1; k < asks.length; k++) {
      expect(asks[k]!.price.gt(asks[k - 1]!.price)).toBe(true);
      expect(bids[k]!.price.lt(bids[k - 1]!.price)).toBe(true);
    }
    const top = topOfBook(T0);
    expect(top.ask.gt(top.mid)).toBe(true);
    expect(top.bid.lt(top.mid)).toBe(true);
  });

  it("walks within the limit only, and refills depleted levels over time", () => {
    const book = emptyBook(T0);
    const best = topOfBook(T0).ask;
    const fills = walk(book, "buy", T0, new D("100000"), best);
    expect(fills).toHaveLength(1);
    expect(fills[0]!.quantity.toFixed()).toBe(levelSize(0).toFixed());
    book.ask[0] = levelSize(0).toFixed();
    expect(levels(book, "buy", T0)[0]!.available.toFixed()).toBe("0");
    expect(levels(book, "buy", T0 + BOOK_PARAMS.refillMs / 2)[0]!.available.toFixed()).toBe(levelSize(0).div(2).toFixed());
    expect(levels(book, "buy", T0 + BOOK_PARAMS.refillMs)[0]!.available.toFixed()).toBe(levelSize(0).toFixed());
  });
});

describe("order validation", () => {
  const check = (body: Record<string, unknown>) => validateOrderInput(body);

  it("requires price for limit orders and refuses it for market orders", () => {
    const limit = check({ symbol: "USDT-NGN", side: "buy", type: "limit", quantity: "1" });
    expect(limit).toMatchObject({ ok: false, status: 400, code: "INVALID_ORDER", fields: { price: expect.any(String) } });
    const market = check({ symbol: "USDT-NGN", side: "buy", type: "market", quantity: "1", price: "1500" });
    expect(market).toMatchObject({ ok: false, status: 400, code: "INVALID_ORDER", fields: { price: expect.stringContaining("not allowed") } });
  });

  it("checks quantity (> 0, at most 8 decimals, a string) and price (> 0)", () => {
    expect(check({ symbol: "USD-NGN", side: "buy", type: "market", quantity: "0" })).toMatchObject({ fields: { quantity: expect.any(String) } });
    expect(check({ symbol: "USD-NGN", side: "buy", type: "market", quantity: "1.123456789" })).toMatchObject({ fields: { quantity: expect.any(String) } });
    expect(check({ symbol: "USD-NGN", side: "buy", type: "market", quantity: 5 })).toMatchObject({ fields: { quantity: expect.any(String) } });
    expect(check({ symbol: "USD-NGN", side: "buy", type: "limit", quantity: "1", price: "0" })).toMatchObject({ fields: { price: expect.any(String) } });
    expect(check({ symbol: "USD-NGN", side: "buy", type: "market", quantity: "1.12345678" })).toMatchObject({ ok: true });
  });

  it("answers 404 SYMBOL_NOT_FOUND for an unknown pair once the fields are valid", () => {
    expect(check({ symbol: "BTC-NGN", side: "buy", type: "market", quantity: "1" })).toMatchObject({ status: 404, code: "SYMBOL_NOT_FOUND" });
    expect(check({ symbol: "BTC-NGN", side: "up", type: "market", quantity: "1" })).toMatchObject({ status: 400 });
  });
});

describe("quotes", () => {
  it("quotes a limit order at its price with the fee rounded up to kobo", () => {
    const q = quote(freshSlice(), input({ side: "buy", type: "limit", price: "1530.55", quantity: "123.45678901" }), T0);
    // 123.45678901 * 1530.55 = 188956.78854...; fee 0.1% = 188.95678... -> 188.96
    expect(q).toMatchObject({ symbol: "USD-NGN", estimated_price: "1530.55", estimated_total: "188956.79", estimated_fee: "188.96" });
    expect(q).not.toHaveProperty("client_order_id");
  });

  it("echoes the client's client_order_id and remembers it, so a limit order can name its quote", () => {
    const slice = freshSlice();
    const ticket = { side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "15.00" };
    const refused = placeOrder(slice, input({ ...ticket, client_order_id: "t-1" }), T0, env());
    expect(refused).toMatchObject({ ok: false, status: 400, code: "INVALID_ORDER", fields: { client_order_id: expect.stringMatching(/matches no quote/) } });
    expect(slice.orders).toHaveLength(0);
    expect(quote(slice, input({ ...ticket, client_order_id: "t-1" }), T0)).toMatchObject({ client_order_id: "t-1", estimated_fee: "15.00" });
    expect(place(slice, { ...ticket, client_order_id: "t-1" }).order.client_order_id).toBe("t-1");
  });

  it("quotes a market order by walking the book", () => {
    const slice = freshSlice();
    const size0 = levelSize(0);
    const q = quote(slice, input({ side: "buy", type: "market", quantity: size0.plus(100).toFixed() }), T0);
    const [l0, l1] = levels(slice.book, "buy", T0);
    const gross = l0!.price.times(size0).plus(l1!.price.times(100));
    expect(q.estimated_total).toBe(gross.toFixed(2));
    expect(q.estimated_price).toBe(gross.div(size0.plus(100)).toFixed(2));
    expect(q.estimated_fee).toBe(gross.times(ENGINE_PARAMS.takerFeeRate).toFixed(2));
  });
});

describe("limit orders over time", () => {
  it("moves pending_settlement -> new -> open -> partially_filled -> filled, charging fees in NGN", () => {
    const slice = freshSlice();
    const e = env();
    const ask = topOfBook(T0).ask;
    const price = ask.plus(5).toFixed(2);
    const quantity = "300";
    const fee = new D(quantity).times(price).times("0.001").toDecimalPlaces(2, D.ROUND_UP).toFixed(2);
    const placed = place(slice, { side: "buy", type: "limit", price, quantity, max_taker_fee: fee }, e);
    expect(placed.order.status).toBe("pending_settlement");
    expect(names(placed.events)).toEqual(["order.created"]);
    expect(reservedOf(slice, "NGN").toFixed(2)).toBe(new D(quantity).times(price).plus(fee).toFixed(2));

    const { settlementDelayMs: s, activationDelayMs: a, matchIntervalMs: m } = ENGINE_PARAMS;
    expect(advance(slice, T0 + s - 1, e)).toEqual({ events: [], moves: 0 });
    expect(placed.order.status).toBe("pending_settlement");
    // A move without an event still counts, so the platform persists it.
    expect(advance(slice, T0 + s, e)).toEqual({ events: [], moves: 1 });
    expect(placed.order.status).toBe("new");
    advance(slice, T0 + s + a, e);
    expect(placed.order.status).toBe("open");

    const first = advance(slice, T0 + s + a + m, e).events;
    expect(names(first)).toEqual(["trade.executed", "order.partially_filled"]);
    expect(placed.order.status).toBe("partially_filled");
    expect(placed.order.filled_quantity).toBe("150.00000000");

    const second = advance(slice, T0 + s + a + 2 * m, e).events;
    expect(names(second)).toEqual(["trade.executed", "order.filled"]);
    const view = orderView(placed.order, e.iso);
    expect(view).toMatchObject({ status: "filled", filled_quantity: "300.00000000", remaining_quantity: "0.00000000" });

    // Money: USD credited exactly; NGN debited by notional + fee; nothing left reserved.
    const tradeTotal = slice.trades.reduce((acc, t) => acc.plus(t.quote_amount).plus(t.fee), new D(0));
    expect(slice.balances.USD).toBe("25300.00000000");
    expect(new D("50000000").minus(tradeTotal).toFixed(2)).toBe(slice.balances.NGN);
    expect(reservedOf(slice, "NGN").isZero()).toBe(true);
    expect(new D(view.total_fee_charged).lte(fee)).toBe(true);
    expect(new D(view.avg_fill_price).lte(price)).toBe(true);
    const feeSum = slice.trades.reduce((acc, t) => acc.plus(t.fee), new D(0));
    expect(feeSum.toFixed(2)).toBe(view.total_fee_charged);
  });

  it("rests without fills while the limit does not cross the book", () => {
    const slice = freshSlice();
    const e = env();
    const placed = place(slice, { side: "sell", type: "limit", price: "2000.00", quantity: "10", max_taker_fee: "20.00" }, e);
    advance(slice, T0 + 10 * 60_000, e);
    expect(placed.order.status).toBe("open");
    expect(orderView(placed.order, e.iso)).toMatchObject({ avg_fill_price: "", total_fee_charged: "", filled_quantity: "0.00000000" });
    expect(availableOf(slice, "USD").toFixed(8)).toBe("24990.00000000");
  });

  it("rejects a limit order whose taker fee would exceed max_taker_fee (omitted means 0.00)", () => {
    const slice = freshSlice();
    const noCap = place(slice, { side: "buy", type: "limit", price: "1500.00", quantity: "10" });
    expect(noCap.order).toMatchObject({ status: "rejected", rejection_reason: "TAKER_FEE_CAP_EXCEEDED" });
    expect(names(noCap.events)).toEqual(["order.rejected"]);
    const low = place(slice, { side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "14.99" });
    expect(low.order.status).toBe("rejected");
    const exact = place(slice, { side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "15.00" });
    expect(exact.order.status).toBe("pending_settlement");
    expect(reservedOf(slice, "NGN").toFixed(2)).toBe("15015.00");
  });

  it("refuses an order the available balance cannot cover, counting reservations", () => {
    const slice = freshSlice("15015.00", "0");
    place(slice, { side: "buy", type: "limit", price: "1500.00", quantity: "10", max_taker_fee: "15.00" });
    expect(availableOf(slice, "NGN").toFixed(2)).toBe("0.00");
    const r = placeOrder(slice, input({ side: "buy", type: "limit", price: "1.00", quantity: "1", max_taker_fee: "0.01" }), T0, env());
    expect(r).toMatchObject({ ok: false, status: 400, code: "INSUFFICIENT_BALANCE", details: { asset: "NGN", available: "0.00" } });
    const sell = placeOrder(slice, input({ side: "sell", type: "market", quantity: "1" }), T0, env());
    expect(sell).toMatchObject({ ok: false, code: "INSUFFICIENT_BALANCE", details: { asset: "USD" } });
  });
});

describe("market orders", () => {
  it("fill at once at the best prices", () => {
    const slice = freshSlice();
    const placed = place(slice, { side: "sell", type: "market", quantity: "100" });
    expect(placed.order.status).toBe("filled");
    expect(names(placed.events)).toEqual(["order.created", "trade.executed", "order.filled"]);
    const trade = slice.trades[0]!;
    expect(trade.price).toBe(topOfBook(T0).bid.toFixed(2));
    expect(slice.balances.USD).toBe("24900.00000000");
    expect(slice.balances.NGN).toBe(new D("50000000").plus(trade.quote_amount).minus(trade.fee).toFixed(2));
  });

  it("fill partially on thin liquidity and cancel the rest (immediate-or-cancel)", () => {
    const slice = freshSlice("1000000000.00");
    let depth = new D(0);
    for (let k = 0; k < BOOK_PARAMS.levels; k++) depth = depth.plus(levelSize(k));
    const placed = place(slice, { side: "buy", type: "market", quantity: depth.plus(1000).toFixed() });
    expect(names(placed.events)).toEqual([
      "order.created",
      ...Array.from({ length: BOOK_PARAMS.levels }, () => "trade.executed"),
      "order.partially_filled",
      "order.cancelled",
    ]);
    const view = orderView(placed.order, (ms) => new Date(ms).toISOString());
    expect(view).toMatchObject({ status: "cancelled", filled_quantity: depth.toFixed(8), remaining_quantity: "1000.00000000" });
    expect(slice.balances.USD).toBe(new D("25000").plus(depth).toFixed(8));
    // The book is now empty: the next market order fills nothing and is cancelled.
    const next = place(slice, { side: "buy", type: "market", quantity: "1" });
    expect(next.order).toMatchObject({ status: "cancelled", filled_quantity: "0.00000000" });
  });

  it("never take a balance below zero", () => {
    const slice = freshSlice("0.00", "0.5");
    const r = placeOrder(slice, input({ side: "buy", type: "market", quantity: "1" }), T0, env());
    expect(r).toMatchObject({ ok: false, code: "INSUFFICIENT_BALANCE" });
    place(slice, { side: "sell", type: "market", quantity: "0.5" });
    expect(slice.balances.USD).toBe("0.00000000");
    expect(new D(slice.balances.NGN).gt(0)).toBe(true);
  });
});

describe("client_order_id", () => {
  it("returns the same order for the same request and refuses reuse for another", () => {
    const slice = freshSlice();
    const body = { side: "buy", type: "limit", price: "1400.00", quantity: "1", max_taker_fee: "1.40", client_order_id: "ticket-1" };
    quote(slice, input(body), T0);
    const first = place(slice, body);
    const again = place(slice, body);
    expect(again.replay).toBe(true);
    expect(again.order.order_id).toBe(first.order.order_id);
    expect(slice.orders).toHaveLength(1);
    const other = placeOrder(slice, input({ ...body, quantity: "2" }), T0, env());
    expect(other).toMatchObject({ ok: false, status: 409, code: "DUPLICATE_CLIENT_ORDER_ID" });
  });
});

describe("cancel and replace", () => {
  function openOrder(slice: ProSlice, e: EngineEnv): OrderRecord {
    const { order } = place(slice, { side: "buy", type: "limit", price: "1400.00", quantity: "10", max_taker_fee: "14.00" }, e);
    advance(slice, T0 + ENGINE_PARAMS.settlementDelayMs + ENGINE_PARAMS.activationDelayMs, e);
    expect(order.status).toBe("open");
    return order;
  }

  it("cancels only new, open and partially_filled orders and releases the reservation", () => {
    const slice = freshSlice();
    const e = env();
    const pending = place(slice, { side: "buy", type: "limit", price: "1400.00", quantity: "1", max_taker_fee: "1.40" }, e).order;
    expect(cancelOrder(pending, T0, e)).toMatchObject({ ok: false, status: 409, code: "ORDER_NOT_CANCELLABLE" });
    const order = openOrder(slice, e);
    const before = availableOf(slice, "NGN");
    const r = cancelOrder(order, T0 + 20_000, e);
    expect(r.ok && names(r.events)).toEqual(["order.cancelled"]);
    expect(order.status).toBe("cancelled");
    expect(availableOf(slice, "NGN").minus(before).toFixed(2)).toBe("14014.00");
    expect(cancelOrder(order, T0 + 20_000, e)).toMatchObject({ code: "ORDER_NOT_CANCELLABLE", details: { status: "cancelled" } });
  });

  it("replaces price and quantity in place, re-checking the fee cap and the balance", () => {
    const slice = freshSlice();
    const e = env();
    const order = openOrder(slice, e);
    expect(replaceOrder(slice, order, { price: "1410.00" }, T0 + 20_000)).toMatchObject({ ok: false, code: "TAKER_FEE_CAP_EXCEEDED" });
    expect(replaceOrder(slice, order, { price: "1410.00", max_taker_fee: "14.10" }, T0 + 20_000)).toEqual({ ok: true });
    expect(order).toMatchObject({ price: "1410.00", requested_quantity: "10.00000000", max_taker_fee: "14.10", status: "open" });
    expect(reservedOf(slice, "NGN").toFixed(2)).toBe("14114.10");
    expect(replaceOrder(slice, order, { quantity: "1000000", max_taker_fee: "2000000" }, T0 + 20_000)).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(replaceOrder(slice, order, {}, T0)).toMatchObject({ status: 400, code: "INVALID_ORDER" });
    expect(replaceOrder(slice, order, { quantity: "0" }, T0)).toMatchObject({ status: 400, fields: { quantity: expect.any(String) } });
    cancelOrder(order, T0 + 30_000, e);
    expect(replaceOrder(slice, order, { price: "1.00" }, T0)).toMatchObject({ status: 409, code: "ORDER_NOT_REPLACEABLE" });
  });
});

describe("balances view", () => {
  it("shows total, reserved and available per asset", () => {
    const slice = freshSlice();
    place(slice, { side: "sell", type: "limit", price: "2000.00", quantity: "10", max_taker_fee: "20.00" });
    expect(balancesView(slice).balances).toEqual([
      { asset: "NGN", total: "50000000.00", available: "50000000.00", reserved: "0.00" },
      { asset: "USD", total: "25000.00000000", available: "24990.00000000", reserved: "10.00000000", symbols: ["USDT-NGN", "USDC-NGN", "USD-NGN"] },
    ]);
  });
});
