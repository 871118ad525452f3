import { describe, expect, it } from "vitest";
import { convertQuery, firstFieldErrors, parseConvert, parsePriceFilters } from "./prices-query";

describe("price filters", () => {
  it("reads a comma-separated list in any case, without blanks or repeats", () => {
    const r = parsePriceFilters({ symbols: " aapl,,TSLA , aapl" });
    expect(r.success && r.data.symbols).toEqual(["AAPL", "TSLA"]);
    const all = parsePriceFilters({});
    expect(all.success && all.data.symbols).toEqual([]);
  });

  it("refuses a malformed symbol at the field", () => {
    const r = parsePriceFilters({ symbols: "AAPL,$$$" });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstFieldErrors(r.error)).toEqual({ symbols: "Not a symbol: $$$. Use tickers separated by commas, e.g. AAPL, TSLA." });
  });
});

describe("convert", () => {
  it("accepts a stock and USD, upper-cased, with an optional amount", () => {
    const r = parseConvert({ from: "aapl", to: "usd", amount: "1,000.5" });
    expect(r.success && r.data).toEqual({ from: "AAPL", to: "USD", amount: "1000.5" });
    expect(convertQuery("AAPL", "USD", "1000.5")).toBe("from=AAPL&to=USD&amount=1000.5");
    expect(convertQuery("AAPL", "USD")).toBe("from=AAPL&to=USD");
  });

  it("refuses the same asset on both sides at the target, and a bad amount at the amount", () => {
    const same = parseConvert({ from: "AAPL", to: "aapl" });
    expect(!same.success && firstFieldErrors(same.error)).toEqual({ to: "Choose a target different from the source." });
    for (const amount of ["0", "-3", "abc", "0.000"]) {
      const r = parseConvert({ from: "AAPL", to: "USD", amount });
      expect(!r.success && firstFieldErrors(r.error)).toEqual({ amount: "Enter an amount above zero, e.g. 100 or 2.5." });
    }
  });
});
