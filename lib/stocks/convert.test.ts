import { describe, expect, it } from "vitest";
import { conversionOf } from "./convert";

const item = { symbol: "AAPL", price_usd: "228.50", change_24h_pct: "1.00", stale: false, updated_at: "2026-11-24T10:00:00.000Z" };

describe("conversionOf", () => {
  it("uses the provider's conversion price and converts the amount at it", () => {
    const c = conversionOf(
      { ...item, source_asset: "AAPL", target_asset: "TSLA", target_price_usd: "342.10", conversion_price: "0.66793335" },
      "AAPL",
      "TSLA",
      "3",
    );
    expect(c).toMatchObject({ rate: "0.66793335", derived: false, converted: "2.00380005", sourcePriceUsd: "228.50", targetPriceUsd: "342.10" });
  });

  it("works the rate out from the two dollar prices when the provider gives none (cents into USD, 8 places into a stock)", () => {
    expect(conversionOf(item, "AAPL", "USD", "2")).toMatchObject({ rate: "228.5", derived: true, converted: "457.00", targetPriceUsd: "1" });
    expect(conversionOf({ ...item, symbol: "USD", price_usd: null, target_price_usd: "228.50" }, "USD", "AAPL")).toMatchObject({
      rate: "0.00437637",
      converted: "0.00437637",
    });
  });

  it("carries the stale flag and gives up without prices", () => {
    expect(conversionOf({ ...item, stale: true, conversion_price: "228.50" }, "AAPL", "USD")?.stale).toBe(true);
    expect(conversionOf({ symbol: "AAPL" }, "AAPL", "TSLA")).toBeNull();
  });
});
