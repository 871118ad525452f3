import { describe, expect, it } from "vitest";
import { portfolio } from "@/lib/upstream/schemas/stocks";
import { portfolioFigures } from "./portfolio";

const position = (symbol: string, value: string | null, extra: Record<string, unknown> = {}) => ({
  symbol,
  name: `${symbol} Inc.`,
  quantity: "1.50000000",
  available: "1.50000000",
  price_usd: "10.00",
  priced: value !== null,
  value_usd: value,
  delta_24h: value !== null ? { pct: "1.00", value_usd: "0.15" } : { pct: null, value_usd: null },
  ...extra,
});

const answer = (over: Record<string, unknown> = {}) =>
  portfolio.parse({
    usd_balance: "1250.07",
    total_value_usd: "1605.37",
    open_positions_value_usd: "355.30",
    delta_24h: { pct: "0.50", value_usd: "1.77" },
    updated_at: "2026-11-24T10:00:00.000Z",
    positions: [position("AAPL", "0.10"), position("TSLA", "355.20"), position("COIN", null)],
    ...over,
  });

describe("portfolioFigures", () => {
  it("sums the priced positions exactly (no float drift) and leaves the unpriced one out", () => {
    const f = portfolioFigures(answer());
    expect(f.positionsSumUsd).toBe("355.30");
    expect(f.openPositionsValueUsd).toBe("355.30");
    expect(f.unpricedCount).toBe(1);
    expect(f.positions.find((p) => p.symbol === "COIN")).toMatchObject({ priced: false, valueUsd: null, change24hPct: null, priceUsd: "10.00" });
    expect(f.mismatches).toEqual([]);
  });

  it("says so when the provider's totals do not add up", () => {
    const f = portfolioFigures(answer({ open_positions_value_usd: "355.31", total_value_usd: "1605.37" }));
    expect(f.mismatches).toEqual([
      "The provider's open positions value ($355.31) differs from the sum of its priced positions ($355.30).",
      "The provider's total value ($1,605.37) differs from the USD balance plus open positions ($1,605.38).",
    ]);
  });

  it("treats a position with a value but priced: false as unpriced, and one without a value as unpriced too", () => {
    const f = portfolioFigures(
      answer({ positions: [position("AAPL", "355.30"), position("X", "5.00", { priced: false }), position("Y", null, { priced: true })] }),
    );
    expect(f.positions.map((p) => p.priced)).toEqual([true, false, false]);
    expect(f.positionsSumUsd).toBe("355.30");
    expect(f.unpricedCount).toBe(2);
  });

  it("works out the open positions value when the provider leaves it out", () => {
    const f = portfolioFigures(answer({ open_positions_value_usd: undefined }));
    expect(f.openPositionsValueUsd).toBe("355.30");
    expect(f.mismatches).toEqual([]);
  });

  it("keeps an empty wallet consistent", () => {
    const f = portfolioFigures(
      answer({ positions: [], open_positions_value_usd: "0.00", total_value_usd: "1250.07", delta_24h: { pct: "0.00", value_usd: "0.00" } }),
    );
    expect(f.positions).toEqual([]);
    expect(f.positionsSumUsd).toBe("0.00");
    expect(f.mismatches).toEqual([]);
  });
});
