/**
 * The Pro and Coins lists' filters in the copy, as their pages send them (the provider's own query
 * names): Pro's open view is the working statuses, its history every status.
 */
import { describe, expect, it } from "vitest";
import { filterNames, LedgerReadError, whereOf } from "./read";

describe("the Pro and Coins lists' filters", () => {
  it("Pro's open view lists the working statuses; its history adds no condition", () => {
    expect(whereOf("pro_order", { view: "open", status: "open" })).toEqual({
      sql: " AND status IN ($4, $5, $6, $7) AND status IN ($8)",
      params: ["pending_settlement", "new", "open", "partially_filled", "open"],
    });
    expect(whereOf("pro_order", { view: "history", symbol: "USDT-NGN" })).toEqual({ sql: " AND data #>> '{symbol}' IN ($4)", params: ["USDT-NGN"] });
  });

  it("refuses a view Pro does not have, rather than showing every order", () => {
    expect(() => whereOf("pro_order", { view: "closed" })).toThrow(LedgerReadError);
    expect(() => whereOf("pro_order", { view: "closed" })).toThrow('The filter "view" must be one of open, history.');
    expect(() => whereOf("pro_order", { view: "toString" })).toThrow(LedgerReadError);
  });

  it("takes each Coins list's provider filters, and no other", () => {
    expect(filterNames("coins_order")).toEqual(["status", "side", "base_asset", "quote_asset", "from", "to"]);
    expect(filterNames("coins_transaction")).toEqual(["type", "asset", "status", "from", "to"]);
    expect(filterNames("coins_crypto_withdrawal")).toEqual(["status", "asset", "from", "to"]);
    expect(filterNames("coins_fiat_withdrawal")).toEqual(["status", "from", "to"]);
    expect(whereOf("coins_transaction", { type: "fee", asset: "BTC" }).params).toEqual(["fee", "BTC"]);
    expect(() => whereOf("coins_fiat_withdrawal", { asset: "NGN" })).toThrow(LedgerReadError);
    expect(whereOf("pro_trade", { order_id: "o1" })).toEqual({ sql: " AND data #>> '{order_id}' IN ($4)", params: ["o1"] });
  });
});
