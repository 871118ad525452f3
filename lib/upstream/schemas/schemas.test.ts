import { describe, expect, it } from "vitest";
import { isKnown, openEnum } from "./common";
import * as core from "./core";
import * as coins from "./coins";
import * as pro from "./pro";
import { PRO_ORDER_STATUSES } from "./pro-values";
import * as stocks from "./stocks";

describe("schemas built to drift", () => {
  it("keep unknown fields on every level", () => {
    const d = core.deposit.parse({
      id: "d1",
      type: "NGN_DEPOSIT",
      amount: "1000.00",
      currency: "NGN",
      status: "COMPLETED",
      created_at: "2026-01-01T00:00:00Z",
      brand_new_field: { nested: true },
      fees: { total_fee_usd: "0.10", new_fee_kind: "0.01" },
    });
    expect(d).toMatchObject({ brand_new_field: { nested: true }, fees: { new_fee_kind: "0.01" } });
  });

  it("accept unknown enum values and keep them raw", () => {
    const o = pro.order.parse({
      order_id: "o1",
      symbol: "USD-NGN",
      side: "buy",
      type: "stop_limit",
      status: "expired",
      requested_quantity: "1.00000000",
      rejection_reason: "SELF_TRADE",
    });
    expect(o.status).toBe("expired");
    expect(o.type).toBe("stop_limit");
    expect(isKnown(PRO_ORDER_STATUSES, o.status)).toBe(false);
    expect(isKnown(PRO_ORDER_STATUSES, "filled")).toBe(true);
    const t = core.transfer.parse({ id: "t1", status: "ON_HOLD", currency: "NGN", amount: "100.00" });
    expect(t.status).toBe("ON_HOLD");
  });

  it("keep an unknown status raw on every status-bearing record: deposit, withdrawal, Coins order and withdrawal, Pro order", () => {
    const d = core.deposit.parse({
      id: "d1",
      type: "NGN_DEPOSIT",
      amount: "1.00",
      currency: "NGN",
      status: "ON_HOLD",
      settlement_status: "ON_HOLD",
      created_at: "2026-01-01T00:00:00Z",
    });
    expect([d.status, d.settlement_status]).toEqual(["ON_HOLD", "ON_HOLD"]);
    const page = core.deposits.parse({ data: [{ ...d, extra: 1 }], page: 1, limit: 25, total: 1, total_pages: 1, cursor: "new" });
    expect(page).toMatchObject({ data: [{ status: "ON_HOLD", extra: 1 }], total: 1, cursor: "new" });
    expect(core.withdrawal.parse({ id: "w1", amount_usd: "5.00", status: "QUEUED_FOR_REVIEW" }).status).toBe("QUEUED_FOR_REVIEW");
    const co = coins.orders.parse({
      orders: [{ id: "c1", side: "buy", status: "partially_cancelled", base_asset: "BTC", quote_asset: "NGN" }],
      next_cursor: null,
    });
    expect(co.orders[0]!.status).toBe("partially_cancelled");
    expect(coins.cryptoWithdrawal.safeParse({ id: "x", status: "awaiting_travel_rule", asset: "USDT", amount: "1", created_at: "t" }).data?.status).toBe(
      "awaiting_travel_rule",
    );
    expect(
      pro.order.parse({ order_id: "o1", symbol: "USD-NGN", side: "sell", type: "limit", status: "expired", requested_quantity: "1.00000000" }).status,
    ).toBe("expired");
  });

  it("are fine with optional fields missing", () => {
    expect(() => core.withdrawal.parse({ id: "w1", amount_usd: "5.00", status: "PENDING" })).not.toThrow();
    expect(() => stocks.stockAsset.parse({ symbol: "AAPL", price_usd: "190.00" })).not.toThrow();
    expect(() => coins.market.parse({ base_asset: "BTC", quote_asset: "NGN", price: "1" })).not.toThrow();
    expect(() => core.fundingAccount.parse({ id: "f", type: "PERMANENT", status: "ACTIVE", rail: "NGN_VIRTUAL_ACCOUNT" })).not.toThrow();
  });

  it("keep money as decimal strings; a bare number becomes its literal text", () => {
    const b = core.merchantBalance.parse({ data: { collection_balance_usd: "0.10", withdrawal_balance_usd: 1234.5 } });
    expect(b.data.collection_balance_usd).toBe("0.10");
    expect(b.data.withdrawal_balance_usd).toBe("1234.5");
  });

  it("still refuse an answer missing what the app relies on", () => {
    expect(core.deposit.safeParse({ type: "NGN_DEPOSIT" }).success).toBe(false);
    expect(pro.order.safeParse({ status: "open" }).success).toBe(false);
  });

  it("openEnum is typed as the known values or any string", () => {
    const side = openEnum(["BUY", "SELL"]).parse("HOLD");
    const known: "BUY" | "SELL" | (string & {}) = side;
    expect(known).toBe("HOLD");
  });
});
