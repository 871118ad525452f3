import { describe, expect, it } from "vitest";
import {
  loadMarketFilters,
  loadOrderFilters,
  loadTransactionFilters,
  loadWithdrawalFilters,
  newerPage,
  olderPage,
  serializeOrderFilters,
  withdrawalPageLinks,
} from "./filters";
import { decimalsOf, formatAsset, formatBps, formatPercent } from "./format";
import { ageText, assetOptions, isStale, referenceTime } from "./markets";
import { addressLabelSchema, belowMinimum, cryptoWithdrawalPayloadSchema, fiatWithdrawalFormSchema, orderFee, orderFormSchema, quoteValue } from "./schema";
import type { Market } from "./views";

const fieldErrors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("figures", () => {
  it("keeps every decimal of a crypto amount and formats fiat per currency", () => {
    expect(formatAsset("0.05000000", "BTC")).toBe("BTC 0.05000000");
    expect(formatAsset("1501.801759", "usdt")).toBe("USDT 1,501.801759");
    expect(formatAsset("12", "SOL")).toBe("SOL 12.00");
    expect(formatAsset("3699950.00", "NGN")).toBe("₦3,699,950.00");
    expect(formatAsset("98461.2", "USD")).toBe("$98,461.20");
    expect(formatAsset(null, "BTC")).toBe("—");
    expect(formatAsset("n/a", "BTC")).toBe("BTC n/a");
    expect(decimalsOf("1.230")).toBe(3);
  });

  it("signs percentages and explains basis points", () => {
    expect(formatPercent("1.5")).toBe("+1.50 %");
    expect(formatPercent("-0.4")).toBe("−0.40 %");
    expect(formatPercent("0")).toBe("0.00 %");
    expect(formatPercent(undefined)).toBe("—");
    expect(formatBps(75)).toBe("75 bps (0.75 %)");
    expect(formatBps(null)).toBe("—");
  });
});

describe("stale prices", () => {
  const at = (iso: string) => ({ price_fetched_at: iso });
  it("judges age against the later of our clock and the newest price", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    const markets = [at("2026-01-01T12:00:00Z"), at("2026-01-01T10:55:00Z")];
    expect(referenceTime(markets, now)).toBe(now);
    expect(isStale(markets[0]!, now)).toBe(false);
    expect(isStale(markets[1]!, now)).toBe(true);
    expect(ageText(markets[1]!, now)).toBe("1 h 5 min");
    // A provider clock 3 hours ahead: the newest price is the reference, so the old one is still stale.
    const ahead = [at("2026-01-01T15:00:00Z"), at("2026-01-01T13:30:00Z")];
    const ref = referenceTime(ahead, now);
    expect(isStale(ahead[0]!, ref)).toBe(false);
    expect(isStale(ahead[1]!, ref)).toBe(true);
  });

  it("counts a price without a fetch time as stale, and 5 minutes as the limit", () => {
    const now = Date.parse("2026-01-01T12:00:00Z");
    expect(isStale({ price_fetched_at: null }, now)).toBe(true);
    expect(ageText({ price_fetched_at: null }, now)).toBe("unknown age");
    expect(isStale(at("2026-01-01T11:55:00Z"), now)).toBe(false);
    expect(isStale(at("2026-01-01T11:54:59Z"), now)).toBe(true);
  });

  it("offers each base and quote asset once, by identifier", () => {
    const m = (b: string, q: string) => ({ base_asset: b, base_caid: `x:${b}`, quote_asset: q, quote_caid: `iso4217:${q}`, price: "1" }) as Market;
    expect(assetOptions([m("BTC", "USD"), m("BTC", "NGN"), m("ETH", "USD")])).toEqual({
      base: [
        { caid: "x:BTC", label: "BTC" },
        { caid: "x:ETH", label: "ETH" },
      ],
      quote: [
        { caid: "iso4217:NGN", label: "NGN" },
        { caid: "iso4217:USD", label: "USD" },
      ],
    });
  });
});

describe("filters in the URL", () => {
  it("keeps known values and drops anything else", () => {
    expect(loadMarketFilters({ base_caid: "bip122:000000000019d6689c085ae165831e93/slip44:0", quote_caid: "not an id" })).toEqual({
      base_caid: "bip122:000000000019d6689c085ae165831e93/slip44:0",
      quote_caid: null,
    });
    expect(loadOrderFilters({ status: "completed", side: "hold", base_asset: "btc", quote_asset: "N G N", cursor: "b3JkZXJzOjIw" })).toEqual({
      status: "completed",
      side: null,
      base_asset: "BTC",
      quote_asset: null,
      cursor: "b3JkZXJzOjIw",
      trail: [],
    });
    expect(loadTransactionFilters({ type: ["fee", "trade"], status: "weird", cursor: "<script>" })).toMatchObject({
      type: "fee",
      status: null,
      cursor: null,
    });
    expect(
      loadWithdrawalFilters.crypto({ crypto_status: "processing", crypto_asset: "usdc", fiat_status: "failed", crypto_cursor: "abc", crypto_trail: ",xyz" }),
    ).toEqual({
      status: "processing",
      asset: "USDC",
      cursor: "abc",
      trail: ["", "xyz"],
    });
    expect(loadWithdrawalFilters.fiat({ crypto_status: "processing", fiat_status: "failed" })).toEqual({
      status: "failed",
      asset: null,
      cursor: null,
      trail: [],
    });
  });

  it("walks older and back newer with the cursor trail", () => {
    const first = { cursor: null, trail: [] as string[] };
    expect(newerPage(first)).toBeUndefined();
    const second = olderPage(first, "c2");
    expect(second).toEqual({ cursor: "c2", trail: [""] });
    expect(serializeOrderFilters({ side: "buy", status: null, ...second })).toBe("?side=buy&cursor=c2");
    const third = olderPage(second, "c3");
    expect(withdrawalPageLinks.fiat(third)).toBe("?fiat_cursor=c3&fiat_trail=,c2");
    expect(loadOrderFilters(serializeOrderFilters(third))).toMatchObject({ cursor: "c3", trail: ["", "c2"] });
    expect(newerPage(third)).toEqual({ cursor: "c2", trail: [""] });
    expect(newerPage(second)).toEqual({ cursor: null, trail: [] });
  });

  it("pages one withdrawal list and keeps the other list's place in the link", () => {
    const here = "/coins/withdrawals?fiat_status=failed&fiat_cursor=f2&crypto_status=pending";
    expect(withdrawalPageLinks.crypto(here, { cursor: "c2", trail: [] })).toBe(
      "/coins/withdrawals?fiat_status=failed&fiat_cursor=f2&crypto_status=pending&crypto_cursor=c2",
    );
  });
});

describe("order rules", () => {
  it("values a buy by its amount and a sell at the price", () => {
    expect(quoteValue("buy", "2500", "144000000")).toBe("2500");
    expect(quoteValue("sell", "0.01", "144307035.14")).toBe("1443070.3514");
    expect(quoteValue("sell", "0.01", null)).toBeNull();
    expect(quoteValue("buy", "abc", "1")).toBeNull();
  });

  it("refuses under the market minimum and rounds the fee up", () => {
    expect(belowMinimum("1500", "2000.00", "NGN")).toBe("This order is worth 1500.00 NGN; the market's minimum is 2000.00 NGN.");
    expect(belowMinimum("2000", "2000.00", "NGN")).toBeNull();
    expect(belowMinimum(null, "2000.00", "NGN")).toBeNull();
    expect(orderFee("2001", 75, 2)).toBe("15.01");
  });

  it("checks the form's fields", () => {
    expect(orderFormSchema.safeParse({ side: "buy", market: "BTC-NGN", amount: "2500" }).success).toBe(true);
    expect(fieldErrors(orderFormSchema.safeParse({ side: "hold", market: "", amount: "1,000" }))).toEqual({
      side: "Choose buy or sell.",
      market: "Choose a market.",
      amount: "Enter a plain number such as 1500 or 0.025, without commas.",
    });
    expect(fieldErrors(orderFormSchema.safeParse({ side: "sell", market: "BTC-NGN", amount: "0" }))).toEqual({ amount: "Enter an amount above zero." });
  });
});

describe("address and withdrawal rules", () => {
  it("accepts an empty label (it clears it) and refuses a long one", () => {
    expect(addressLabelSchema.parse({ label: "  " })).toEqual({ label: "" });
    expect(fieldErrors(addressLabelSchema.safeParse({ label: "x".repeat(65) }))).toEqual({ label: "Keep the label to 64 characters." });
  });

  it("checks a fiat withdrawal's naira, bank and account number", () => {
    expect(fiatWithdrawalFormSchema.safeParse({ amount: "25000.50", bank_code: "044", account_number: "0123456789", narration: "" }).success).toBe(true);
    expect(fieldErrors(fiatWithdrawalFormSchema.safeParse({ amount: "10.123", bank_code: "", account_number: "12345", narration: "" }))).toEqual({
      amount: "Enter naira with at most two decimals, for example 25000.00.",
      bank_code: "Choose the bank.",
      account_number: "Enter the 10-digit account number (NUBAN).",
    });
  });

  it("stores only the provider's fields and the address for the approver", () => {
    const payload = { address_id: "9401aa3a-39c2-4d6e-a22a-22f1975693be", asset: "usdc", chain: "base", amount: "12.5", address: "0xabc", label: "Ops" };
    expect(cryptoWithdrawalPayloadSchema.parse(payload)).toMatchObject({ asset: "USDC" });
    expect(cryptoWithdrawalPayloadSchema.safeParse({ ...payload, extra: 1 }).success).toBe(false);
  });
});
