import { describe, expect, it } from "vitest";
import { createRng } from "../lib/rng";
import { topOfBook } from "./book";
import { D } from "./decimal";
import { ENGINE_PARAMS, advance, availableOf, orderView, placeOrder, reservedOf, validateOrderInput } from "./engine";
import { SEED_BALANCES, seedProSlice } from "./seed";
import { ORDER_STATUSES } from "./types";

const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

describe("seeded Pro state", () => {
  it("is the same for the same seed", () => {
    expect(seedProSlice(createRng("42:pro:m"), T0)).toEqual(seedProSlice(createRng("42:pro:m"), T0));
    expect(seedProSlice(createRng("42:pro:m"), T0).orders[0]!.order_id).not.toBe(seedProSlice(createRng("43:pro:m"), T0).orders[0]!.order_id);
  });

  it("has an order in every status but the transient ones, with trades matching the fills", () => {
    const slice = seedProSlice(createRng(1), T0);
    const statuses = new Set(slice.orders.map((o) => o.status));
    for (const s of ["filled", "cancelled", "rejected", "failed", "open", "partially_filled"] as const) expect(statuses.has(s)).toBe(true);
    expect([...statuses].every((s) => (ORDER_STATUSES as readonly string[]).includes(s))).toBe(true);
    for (const o of slice.orders) {
      const filled = slice.trades.filter((t) => t.order_id === o.order_id).reduce((a, t) => a.plus(t.quantity), new D(0));
      expect(filled.toFixed(8)).toBe(o.filled_quantity);
      const fees = slice.trades.filter((t) => t.order_id === o.order_id).reduce((a, t) => a.plus(t.fee), new D(0));
      if (filled.gt(0)) expect(orderView(o, iso).total_fee_charged).toBe(fees.toFixed(2));
    }
    expect(slice.balances).toEqual(SEED_BALANCES);
    expect(availableOf(slice, "NGN").gt(0) && availableOf(slice, "USD").gt(0)).toBe(true);
    expect(reservedOf(slice, "USD").toFixed(8)).toBe("1100.00000000");
  });

  it("keeps its working orders resting for a day of emulated time", () => {
    const slice = seedProSlice(createRng(1), T0);
    const { events } = advance(slice, T0 + 24 * 3_600_000, { newId: () => "x", iso });
    expect(events).toEqual([]);
    expect(slice.orders.filter((o) => o.status === "open" || o.status === "partially_filled")).toHaveLength(2);
  });
});

describe("price drift", () => {
  it("fills a resting buy once the moving market comes down to its price", () => {
    const slice = seedProSlice(createRng(1), T0);
    let n = 0;
    const env = { newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`, iso };
    const activeAt = T0 + ENGINE_PARAMS.settlementDelayMs + ENGINE_PARAMS.activationDelayMs;
    // One naira under the best ask at placement and at activation: not marketable yet.
    const limit = D.min(topOfBook(T0).ask, topOfBook(activeAt).ask).minus(1);
    let crossAt = -1;
    for (let t = activeAt; t <= T0 + 30 * 60_000; t += 1_000) {
      if (topOfBook(t).ask.lte(limit)) {
        crossAt = t;
        break;
      }
    }
    expect(crossAt).toBeGreaterThan(activeAt);
    const parsed = validateOrderInput({ symbol: "USDT-NGN", side: "buy", type: "limit", price: limit.toFixed(2), quantity: "10", max_taker_fee: "20.00" });
    if (!parsed.ok) throw new Error(parsed.code);
    const placed = placeOrder(slice, parsed.value, T0, env);
    if (!placed.ok) throw new Error(placed.code);
    advance(slice, crossAt - 1_000, env);
    expect(placed.order).toMatchObject({ status: "open", filled_quantity: "0.00000000" });
    advance(slice, crossAt + 3 * ENGINE_PARAMS.matchIntervalMs, env);
    expect(placed.order.status).toBe("filled");
    const trades = slice.trades.filter((t) => t.order_id === placed.order.order_id);
    expect(trades.every((t) => new D(t.price).lte(limit))).toBe(true);
  });
});
