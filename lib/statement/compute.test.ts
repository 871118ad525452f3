import { describe, expect, it } from "vitest";
import { type BucketSum, buildStatement, isFlagged, liveByCurrency, orderCurrencies } from "./compute";

const sum = (bucket: number, currency: string, line: BucketSum["line"], amount: string, count = 1): BucketSum => ({ bucket, currency, line, amount, count });

describe("the statement's arithmetic", () => {
  const days = ["2026-11-10", "2026-11-11", "2026-11-12"];
  const sums = [
    sum(0, "USD", "deposits", "1000"),
    sum(1, "USD", "transfers", "-100.10"),
    sum(1, "USD", "fees", "-1"),
    sum(2, "USD", "deposits", "50.05"),
    sum(3, "USD", "moves_in", "40"),
    sum(3, "USD", "moves_out", "-40"),
    // After the range (the range ended before today): the provider's balance already holds it.
    sum(4, "USD", "deposits", "9.95"),
  ];

  it("carries each day's closing into the next day's opening, exactly in decimals", () => {
    const s = buildStatement({ days, sums, live: { USD: "958.9" }, todayIndex: -1 });
    expect(s.map((d) => [d.day, d.opening, d.closing])).toEqual([
      ["2026-11-10", "1000", "898.9"],
      ["2026-11-11", "898.9", "948.95"],
      ["2026-11-12", "948.95", "948.95"],
    ]);
    expect(s[2]!.lines).toMatchObject({ moves_in: "40", moves_out: "-40", deposits: "0" });
  });

  it("works the provider's side back from its balance through what came later; no difference when the copy holds everything", () => {
    const s = buildStatement({ days, sums, live: { USD: "958.9" }, todayIndex: -1 });
    expect(s.map((d) => [d.reported, d.reportedFrom, d.difference])).toEqual([
      ["898.9", "next_opening", "0"],
      ["948.95", "next_opening", "0"],
      ["948.95", "next_opening", "0"],
    ]);
    expect(s.some(isFlagged)).toBe(false);
  });

  it("compares today with the live figure and flags every day when the provider holds more than the copy", () => {
    const today = buildStatement({ days, sums: sums.filter((s) => s.bucket < 4), live: { USD: "1000" }, todayIndex: 2 });
    expect(today.map((d) => [d.reportedFrom, d.difference])).toEqual([
      ["next_opening", "-51.05"],
      ["next_opening", "-51.05"],
      ["live", "-51.05"],
    ]);
    expect(today.every(isFlagged)).toBe(true);
  });

  it("shows a currency the provider reports but the copy never moved, and none without a live figure", () => {
    const s = buildStatement({ days: ["2026-11-12"], sums: [], live: { USD: "0", NGN: "2500" }, todayIndex: 0 });
    expect(s.map((d) => [d.currency, d.closing, d.reported, d.difference])).toEqual([
      ["USD", "0", "0", "0"],
      ["NGN", "0", "2500", "-2500"],
    ]);
    const blind = buildStatement({ days: ["2026-11-12"], sums: [sum(1, "NGN", "deposits", "10")], live: null, todayIndex: 0 });
    expect(blind).toMatchObject([{ currency: "NGN", closing: "10", reported: null, reportedFrom: null, difference: null }]);
    expect(isFlagged(blind[0]!)).toBe(false);
  });

  it("reads the provider's three balances as one figure per currency, and orders currencies dollar, naira, rest", () => {
    expect(liveByCurrency({ collectionUsd: "100.10", withdrawalUsd: "0.90", withdrawalNgn: "5000.00" })).toEqual({ USD: "101", NGN: "5000" });
    expect(liveByCurrency({ collectionUsd: "1", withdrawalUsd: "2", withdrawalNgn: null })).toEqual({ USD: "3" });
    expect(orderCurrencies(["NGN", "EUR", "USD", "NGN"])).toEqual(["USD", "NGN", "EUR"]);
  });
});
