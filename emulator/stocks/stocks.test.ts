import { describe, expect, it } from "vitest";
import { Decimal, sum, toDecimal } from "../lib/money";
import { createRng } from "../lib/rng";
import { STOCK_ASSET_FIELDS } from "./asset-fields";
import { STOCKS, findStock } from "./catalog";
import { lastTradingInstant, marketClock, nyOffsetMs } from "./market-hours";
import { portfolioView, seedStocks } from "./portfolio";
import { assetView, conversionLeg, conversionView, priceAt, stockQuote } from "./pricing";

const at = (s: string) => Date.parse(s);
const iso = (ms: number) => new Date(ms).toISOString();
const clockAt = (s: string) => {
  const c = marketClock(at(s));
  return { phase: c.phase, next_open_at: iso(c.next_open_at), next_close_at: iso(c.next_close_at) };
};

describe("US market hours (America/New_York)", () => {
  it("switches between EDT and EST on the US rule", () => {
    expect(nyOffsetMs(at("2026-11-01T05:59:59Z"))).toBe(-4 * 3_600_000);
    expect(nyOffsetMs(at("2026-11-01T06:00:00Z"))).toBe(-5 * 3_600_000);
    expect(nyOffsetMs(at("2026-03-08T06:59:59Z"))).toBe(-5 * 3_600_000);
    expect(nyOffsetMs(at("2026-03-08T07:00:00Z"))).toBe(-4 * 3_600_000);
  });

  it("is closed on a Sunday, opening Monday 09:30 EST", () => {
    expect(clockAt("2026-11-22T12:00:00Z")).toEqual({ phase: "closed", next_open_at: "2026-11-23T14:30:00.000Z", next_close_at: "2026-11-23T21:00:00.000Z" });
  });

  it("has pre-market, regular and after-hours phases on a weekday", () => {
    expect(clockAt("2026-11-23T08:59:00Z").phase).toBe("closed");
    expect(clockAt("2026-11-23T08:59:00Z").next_open_at).toBe("2026-11-23T14:30:00.000Z");
    expect(clockAt("2026-11-23T09:00:00Z").phase).toBe("pre_market"); // 04:00 EST
    expect(clockAt("2026-11-23T10:00:00Z")).toEqual({
      phase: "pre_market",
      next_open_at: "2026-11-23T14:30:00.000Z",
      next_close_at: "2026-11-23T21:00:00.000Z",
    });
    expect(clockAt("2026-11-23T14:30:00Z")).toEqual({ phase: "open", next_open_at: "2026-11-24T14:30:00.000Z", next_close_at: "2026-11-23T21:00:00.000Z" });
    expect(clockAt("2026-11-23T22:00:00Z")).toEqual({
      phase: "after_hours",
      next_open_at: "2026-11-24T14:30:00.000Z",
      next_close_at: "2026-11-24T21:00:00.000Z",
    });
    expect(clockAt("2026-11-24T01:00:00Z").phase).toBe("closed"); // 20:00 EST
  });

  it("skips Thanksgiving and closes early the day after", () => {
    expect(clockAt("2026-11-25T22:00:00Z")).toEqual({
      phase: "after_hours",
      next_open_at: "2026-11-27T14:30:00.000Z",
      next_close_at: "2026-11-27T18:00:00.000Z",
    });
    expect(clockAt("2026-11-26T16:00:00Z").phase).toBe("closed");
    expect(clockAt("2026-11-27T17:59:00Z").phase).toBe("open");
    expect(clockAt("2026-11-27T18:00:00Z").phase).toBe("after_hours");
    expect(clockAt("2026-11-27T22:00:00Z")).toEqual({ phase: "closed", next_open_at: "2026-11-30T14:30:00.000Z", next_close_at: "2026-11-30T21:00:00.000Z" });
  });

  it("uses EDT in summer", () => {
    expect(clockAt("2026-03-09T13:29:00Z").phase).toBe("pre_market");
    expect(clockAt("2026-03-09T13:30:00Z").phase).toBe("open");
    expect(clockAt("2026-03-09T13:30:00Z").next_close_at).toBe("2026-03-09T20:00:00.000Z");
  });

  it("finds the last trading instant: regular close, or after-hours close when eligible", () => {
    const sunday = at("2026-11-22T12:00:00Z");
    expect(iso(lastTradingInstant(sunday, false))).toBe("2026-11-20T21:00:00.000Z");
    expect(iso(lastTradingInstant(sunday, true))).toBe("2026-11-21T01:00:00.000Z");
    const midSession = at("2026-11-23T15:00:00Z");
    expect(lastTradingInstant(midSession, false)).toBe(midSession);
    const preMarket = at("2026-11-23T10:00:00Z");
    expect(lastTradingInstant(preMarket, true)).toBe(preMarket);
    expect(iso(lastTradingInstant(preMarket, false))).toBe("2026-11-20T21:00:00.000Z");
  });
});

describe("stock prices", () => {
  const aapl = findStock("aapl")!;

  it("hold still while the market is closed and move while it is open", () => {
    const sat = stockQuote(aapl, at("2026-11-21T15:00:00Z"));
    const sun = stockQuote(aapl, at("2026-11-22T20:00:00Z"));
    expect(sun.price.toFixed()).toBe(sat.price.toFixed());
    expect(iso(sun.updatedAt)).toBe("2026-11-20T21:00:00.000Z");
    const open1 = stockQuote(aapl, at("2026-11-23T15:00:00Z"));
    const open2 = stockQuote(aapl, at("2026-11-23T18:00:00Z"));
    expect(open1.price.eq(open2.price)).toBe(false);
    expect(open2.stale).toBe(false);
    // Monday's 24 h change is measured from Friday's close (the last trade 24 h earlier).
    expect(open1.previous.toFixed()).toBe(priceAt(aapl, at("2026-11-20T21:00:00Z")).toFixed());
  });

  it("serves COIN stale, hours behind, whatever the time", () => {
    for (const t of ["2026-11-23T15:00:00Z", "2026-11-23T18:20:00Z", "2026-11-22T12:00:00Z"]) {
      const q = stockQuote(findStock("COIN")!, at(t));
      expect(q.stale).toBe(true);
      expect(at(t) - q.updatedAt).toBeGreaterThanOrEqual(2 * 3_600_000);
    }
    expect(STOCKS.filter((d) => stockQuote(d, at("2026-11-23T15:00:00Z")).stale).map((d) => d.symbol)).toEqual(["COIN"]);
  });

  it("shows every field of the spec's stock asset, with market status from the clock", () => {
    const open = assetView(aapl, at("2026-11-23T15:00:00Z"), iso);
    expect(Object.keys(open).sort()).toEqual([...STOCK_ASSET_FIELDS].sort());
    expect(open).toMatchObject({ market_status: "open", is_market_open: true, is_off_hours_open: false, economic_exposure_only: true });
    const tslaPre = assetView(findStock("TSLA")!, at("2026-11-23T10:00:00Z"), iso);
    expect(tslaPre).toMatchObject({ market_status: "pre_market", is_market_open: false, is_off_hours_eligible: true, is_off_hours_open: true });
    const aaplPre = assetView(aapl, at("2026-11-23T10:00:00Z"), iso);
    expect(aaplPre).toMatchObject({ market_status: "pre_market", is_off_hours_eligible: false, is_off_hours_open: false });
    const halted = assetView(findStock("MSTR")!, at("2026-11-23T15:00:00Z"), iso);
    expect(halted).toMatchObject({ status: "halted", market_status: "halted", is_market_open: false, is_off_hours_open: false });
    expect(toDecimal(open.change_24h_usd).toFixed(2)).toBe(
      toDecimal(open.price_usd)
        .minus(priceAt(aapl, at("2026-11-20T21:00:00Z")))
        .toFixed(2),
    );
  });

  it("converts between stocks and dollars", () => {
    const now = at("2026-11-23T15:00:00Z");
    const a = conversionLeg("aapl", now)!;
    const t = conversionLeg("TSLA", now)!;
    const v = conversionView(a, t, now, iso);
    expect(v).toMatchObject({ symbol: "AAPL", source_asset: "AAPL", target_asset: "TSLA", stale: false });
    expect(v.conversion_price).toBe(a.price.dividedBy(t.price).toFixed(8, Decimal.ROUND_HALF_UP));
    expect(conversionView(a, conversionLeg("USD", now)!, now, iso).conversion_price).toBe(a.price.toFixed(2));
    const stale = conversionView(conversionLeg("USD", now)!, conversionLeg("COIN", now)!, now, iso);
    expect(stale.stale).toBe(true);
    expect(conversionLeg("NOPE", now)).toBeNull();
  });
});

describe("wallet portfolio", () => {
  it("adds up exactly and leaves the unpriced position out of every total", () => {
    const slice = seedStocks(createRng("stocks-test"));
    for (const t of ["2026-11-22T12:00:00Z", "2026-11-23T15:00:00Z", "2026-11-23T22:30:00Z"]) {
      const p = portfolioView(slice, at(t), iso);
      const priced = p.positions.filter((x) => x.priced);
      const unpriced = p.positions.filter((x) => !x.priced);
      expect(unpriced.map((x) => x.symbol)).toEqual(["COIN"]);
      expect(unpriced[0]).toMatchObject({ value_usd: null, delta_24h: { pct: null, value_usd: null } });
      expect(sum(priced.map((x) => x.value_usd!)).toFixed(2)).toBe(p.open_positions_value_usd);
      expect(toDecimal(p.usd_balance).plus(p.open_positions_value_usd).toFixed(2)).toBe(p.total_value_usd);
      expect(sum(priced.map((x) => x.delta_24h.value_usd!)).toFixed(2)).toBe(p.delta_24h.value_usd);
      for (const x of priced) expect(x.value_usd).toBe(toDecimal(x.quantity).times(x.price_usd).toFixed(2, Decimal.ROUND_HALF_UP));
      const base = toDecimal(p.open_positions_value_usd).minus(p.delta_24h.value_usd);
      expect(p.delta_24h.pct).toBe(toDecimal(p.delta_24h.value_usd).dividedBy(base).times(100).toFixed(2, Decimal.ROUND_HALF_UP));
    }
  });
});
