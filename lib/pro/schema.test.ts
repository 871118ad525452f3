import { describe, expect, it } from "vitest";
import { loadProOrderFilters } from "./filters";
import { formatNgn, formatQuantity } from "./format";
import { canChange, rejectionSentence } from "./labels";
import { orderPayloadSchema, placeOrderSchema, ticketSchema } from "./schema";
import { webhookFormSchema } from "./webhook-schema";

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
const KEY = "5b0f2c4e-1d2a-4f3b-8c9d-0e1f2a3b4c5d";

describe("order ticket", () => {
  it("accepts a limit order and a market order without a price", () => {
    expect(ticketSchema.safeParse({ symbol: "USDT-NGN", side: "buy", type: "limit", price: " 1530.50 ", quantity: "12.5" }).data).toEqual({
      symbol: "USDT-NGN",
      side: "buy",
      type: "limit",
      price: "1530.50",
      quantity: "12.5",
    });
    expect(ticketSchema.safeParse({ symbol: "USD-NGN", side: "sell", type: "market", price: "", quantity: "0.00000001" }).success).toBe(true);
  });

  it.each([
    [
      { type: "market", price: "1500" },
      { price: "A market order takes no price: it trades at the best available price. Clear the price or choose a limit order." },
    ],
    [{ type: "limit", price: "" }, { price: "Enter the limit price in NGN, for example 1530.00." }],
    [{ type: "limit", price: "1530.123" }, { price: "Enter a price above zero in NGN with at most 2 decimal places, for example 1530.00." }],
    [{ type: "limit", price: "0" }, { price: "Enter a price above zero in NGN with at most 2 decimal places, for example 1530.00." }],
    [{ quantity: "0.000000001" }, { quantity: "Enter a quantity above zero with at most 8 decimal places, for example 12.5." }],
    [{ quantity: "1e3" }, { quantity: "Enter a quantity above zero with at most 8 decimal places, for example 12.5." }],
    [{ symbol: "BTC-NGN" }, { symbol: "Choose a symbol." }],
  ])("refuses %j", (change, expected) => {
    expect(errors(ticketSchema.safeParse({ symbol: "USDT-NGN", side: "buy", type: "limit", price: "1530.00", quantity: "1", ...change }))).toEqual(expected);
  });

  it("places a limit order only with its quote, and sends a market order without a fee cap", () => {
    expect(errors(placeOrderSchema.safeParse({ symbol: "USDT-NGN", side: "buy", type: "limit", price: "1530.00", quantity: "1", attemptKey: KEY }))).toEqual({
      client_order_id: "Review a quote before placing a limit order.",
      max_taker_fee: "The quote's estimated fee is missing. Get a fresh quote.",
    });
    expect(
      orderPayloadSchema.parse({
        symbol: "USDT-NGN",
        side: "buy",
        type: "limit",
        price: "1530.00",
        quantity: "1",
        client_order_id: "q-1",
        max_taker_fee: "1.53",
      }),
    ).toMatchObject({ max_taker_fee: "1.53", client_order_id: "q-1" });
    expect(orderPayloadSchema.parse({ symbol: "USDT-NGN", side: "sell", type: "market", quantity: "2", max_taker_fee: "9.99" })).toEqual({
      symbol: "USDT-NGN",
      side: "sell",
      type: "market",
      quantity: "2",
    });
  });
});

describe("labels, formats and filters", () => {
  it("knows which statuses can change and explains the fee cap", () => {
    expect(["new", "open", "partially_filled"].every(canChange)).toBe(true);
    expect(["pending_settlement", "filled", "cancelled", "rejected", "failed"].some(canChange)).toBe(false);
    expect(rejectionSentence("TAKER_FEE_CAP_EXCEEDED")).toMatch(/get a fresh quote/);
    expect(rejectionSentence("weird")).toBe('The provider gave the reason "weird".');
    expect(rejectionSentence("")).toBeNull();
  });

  it("formats quantities and NGN from decimal strings", () => {
    expect(formatQuantity("1234.50000000")).toBe("USD 1,234.50");
    expect(formatQuantity("0.12345678")).toBe("USD 0.12345678");
    expect(formatNgn("1530.5")).toBe("₦1,530.50");
    expect(formatNgn("")).toBe("—");
  });

  it("drops unknown filter values from a shared link", () => {
    expect(loadProOrderFilters({ view: "history", status: "filled", symbol: "USDC-NGN", page: "2" })).toEqual({
      view: "history",
      status: "filled",
      symbol: "USDC-NGN",
      page: 2,
    });
    expect(loadProOrderFilters({ view: "x", status: "nope", symbol: "BTC", page: "-1" })).toEqual({
      view: "open",
      status: null,
      symbol: null,
      page: 1,
    });
  });

  it("webhooks need an HTTPS URL and at least one event", () => {
    expect(errors(webhookFormSchema.safeParse({ url: "http://x.example.com", events: [] }))).toEqual({
      url: "Enter a full HTTPS address, for example https://ops.example.com/hooks/pro. Plain http is refused.",
      events: "Choose at least one event.",
    });
    expect(webhookFormSchema.parse({ url: "https://x.example.com/h", events: ["trade.executed", "order.created"] }).events).toEqual([
      "order.created",
      "trade.executed",
    ]);
  });
});
