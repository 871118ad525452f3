/**
 * Contract suite of the Stocks surface over HTTP against the real emulator server. Emulated time is
 * moved to chosen points of the US trading week (closed, pre-market, open, after-hours) so the
 * market status and price movement are checked as a client sees them.
 */
import { describe, expect, it } from "vitest";
import { Decimal, sum, toDecimal } from "../lib/money";
import { emulatorPerSuite, type Envelope } from "../lib/suite";
import { STOCK_ASSET_FIELDS } from "./asset-fields";
import { marketClock } from "./market-hours";

const suite = emulatorPerSuite({ rateLimitPerMinute: 0 });

async function call<T = any>(path: string, apiKey?: string | null): Promise<{ status: number; body: Envelope<T> }> {
  const res = await suite.emu.request(`/stocks/v1${path}`, apiKey === undefined ? {} : { apiKey });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

async function emulatedNow(): Promise<number> {
  return Date.parse((await call("/prices?symbols=AAPL")).body.timestamp);
}

/** Moves emulated time forward to `target` (ms). */
async function advanceTo(target: number): Promise<void> {
  const now = await emulatedNow();
  if (target <= now) throw new Error(`cannot move the clock back (${new Date(target).toISOString()} <= ${new Date(now).toISOString()})`);
  await suite.emu.control.advance(target - now);
}

const HOUR = 3_600_000;

describe("auth and scopes", () => {
  it("401 without a key; 403 API_KEY_INVALID_SCOPE without Read on every endpoint", async () => {
    const none = await call("/assets", null);
    expect(none.status).toBe(401);
    expect(none.body.error?.code).toBe("API_KEY_INVALID");
    for (const path of ["/assets", "/assets/AAPL", "/prices", "/wallet/portfolio"]) {
      const r = await call(path, suite.emu.keys.noread);
      expect(r.status, path).toBe(403);
      expect(r.body).toMatchObject({ success: false, error: { code: "API_KEY_INVALID_SCOPE" } });
    }
  });

  it("a Read-only key and a frozen merchant can read", async () => {
    expect((await call("/wallet/portfolio", suite.emu.keys.readonly)).status).toBe(200);
    expect((await call("/wallet/portfolio", suite.emu.keys.frozen)).status).toBe(200);
  });
});

describe("GET /assets and /assets/{symbol}", () => {
  it("lists every asset with every field of the spec", async () => {
    const r = await call("/assets");
    expect(r.status).toBe(200);
    const assets = r.body.data.assets as any[];
    expect(assets.map((a) => a.symbol)).toEqual(["AAPL", "TSLA", "NVDA", "MSFT", "AMZN", "GOOGL", "META", "NFLX", "COIN", "PLTR", "MSTR", "SPY", "QQQ"]);
    for (const a of assets) {
      expect(Object.keys(a).sort()).toEqual([...STOCK_ASSET_FIELDS].sort());
      expect(a.price_usd).toMatch(/^\d+\.\d{2}$/);
      expect(Number.isInteger(a.price_precision)).toBe(true);
      expect(a.change_24h_pct).toMatch(/^-?\d+\.\d{2}$/);
      expect(a.change_24h_usd).toMatch(/^-?\d+\.\d{2}$/);
      expect(typeof a.is_market_open).toBe("boolean");
      expect(typeof a.economic_exposure_only).toBe("boolean");
      expect(Date.parse(a.next_open_at)).toBeGreaterThan(Date.parse(r.body.timestamp));
      expect(Date.parse(a.next_close_at)).toBeGreaterThan(Date.parse(r.body.timestamp));
      expect(a.logo_url).toMatch(/^https:\/\//);
      expect(a.underlying_reference_url).toMatch(/^https:\/\//);
      for (const f of [
        "issuer_entity",
        "legal_form",
        "underlying_exchange",
        "underlying_ticker",
        "ownership_rights",
        "voting_rights",
        "dividend_policy",
        "shareholder_rights_disclosure",
        "customer_risk_level",
      ]) {
        expect(a[f], `${a.symbol}.${f}`).toEqual(expect.any(String));
        expect(a[f].length).toBeGreaterThan(0);
      }
    }
    expect(assets.filter((a) => a.is_off_hours_eligible).map((a) => a.symbol)).toEqual(["TSLA", "NVDA", "PLTR", "SPY"]);
    expect(assets.find((a) => a.symbol === "MSTR")).toMatchObject({ status: "halted", market_status: "halted", is_market_open: false });
  });

  it("filters by category and refuses an unknown one", async () => {
    const etfs = (await call("/assets?category=etf")).body.data.assets;
    expect(etfs.map((a: any) => a.symbol)).toEqual(["SPY", "QQQ"]);
    const bad = await call("/assets?category=bond");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "VALIDATION_ERROR", fields: { category: expect.any(String) } });
  });

  it("gets one asset by display symbol (any case); 404 SYMBOL_NOT_FOUND for an unknown one", async () => {
    const r = await call("/assets/nvda");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      symbol: "NVDA",
      name: "NVIDIA Corporation",
      underlying_ticker: "NVDA",
      economic_exposure_only: true,
      voting_rights: "none",
    });
    const missing = await call("/assets/ZZZZ");
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, error: { code: "SYMBOL_NOT_FOUND", details: { symbols: ["ZZZZ"] } } });
  });
});

describe("GET /prices", () => {
  it("blank symbols means all; a list returns those in order; unknown symbols are a 404", async () => {
    expect((await call("/prices")).body.data.prices).toHaveLength(13);
    expect((await call("/prices?symbols=")).body.data.prices).toHaveLength(13);
    const two = (await call("/prices?symbols=tsla,%20AAPL,TSLA")).body.data.prices;
    expect(two.map((p: any) => p.symbol)).toEqual(["TSLA", "AAPL"]);
    for (const p of two) expect(Object.keys(p).sort()).toEqual(["change_24h_pct", "price_usd", "stale", "symbol", "updated_at"]);
    const unknown = await call("/prices?symbols=AAPL,NOPE,XXX");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: "SYMBOL_NOT_FOUND", details: { symbols: ["NOPE", "XXX"] } });
  });

  it("serves COIN stale with an hours-old updated_at; the others are not stale", async () => {
    const r = await call("/prices");
    const now = Date.parse(r.body.timestamp);
    for (const p of r.body.data.prices) {
      expect(p.stale, p.symbol).toBe(p.symbol === "COIN");
      if (p.symbol === "COIN") expect(now - Date.parse(p.updated_at)).toBeGreaterThanOrEqual(2 * HOUR);
    }
    const asset = (await call("/assets/COIN")).body.data;
    expect(asset.price_usd).toBe(r.body.data.prices.find((p: any) => p.symbol === "COIN").price_usd);
  });

  it("convert mode: source_asset and target_asset give the price of one source unit in the target", async () => {
    const r = await call("/prices?source_asset=AAPL&target_asset=TSLA");
    expect(r.status).toBe(200);
    expect(r.body.data.prices).toHaveLength(1);
    const c = r.body.data.prices[0];
    const [aapl, tsla] = (await call("/prices?symbols=AAPL,TSLA")).body.data.prices;
    expect(c).toMatchObject({
      symbol: "AAPL",
      source_asset: "AAPL",
      target_asset: "TSLA",
      price_usd: aapl.price_usd,
      target_price_usd: tsla.price_usd,
      stale: false,
    });
    expect(c.conversion_price).toBe(toDecimal(aapl.price_usd).dividedBy(tsla.price_usd).toFixed(8, Decimal.ROUND_HALF_UP));
    const usd = (await call("/prices?from=spy&to=usd")).body.data.prices[0];
    expect(usd).toMatchObject({ source_asset: "SPY", target_asset: "USD", target_price_usd: "1.00" });
    expect(usd.conversion_price).toBe(usd.price_usd);
    const fromUsd = (await call("/prices?source_asset=USD&target_asset=COIN")).body.data.prices[0];
    expect(fromUsd).toMatchObject({ symbol: "USD", stale: true });
  });

  it("convert mode needs both sides and known symbols", async () => {
    const half = await call("/prices?source_asset=AAPL");
    expect(half.status).toBe(400);
    expect(half.body.error?.fields?.target_asset).toEqual(expect.any(String));
    const otherHalf = await call("/prices?target_asset=AAPL");
    expect(otherHalf.body.error?.fields?.source_asset).toEqual(expect.any(String));
    const usdUsd = await call("/prices?source_asset=USD&target_asset=USD");
    expect(usdUsd.status).toBe(400);
    const unknown = await call("/prices?source_asset=AAPL&target_asset=NOPE");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.details?.symbols).toEqual(["NOPE"]);
  });
});

describe("GET /wallet/portfolio", () => {
  it("has every field, one unpriced position left out, and figures that add up exactly", async () => {
    const r = await call("/wallet/portfolio");
    expect(r.status).toBe(200);
    const p = r.body.data;
    expect(Object.keys(p).sort()).toEqual(["delta_24h", "open_positions_value_usd", "positions", "total_value_usd", "updated_at", "usd_balance"]);
    expect(Object.keys(p.delta_24h).sort()).toEqual(["pct", "value_usd"]);
    for (const pos of p.positions) {
      expect(Object.keys(pos).sort()).toEqual([
        "available",
        "category",
        "delta_24h",
        "logo_url",
        "name",
        "price_usd",
        "priced",
        "quantity",
        "status",
        "symbol",
        "value_usd",
      ]);
      expect(toDecimal(pos.available).lessThanOrEqualTo(pos.quantity)).toBe(true);
    }
    const priced = p.positions.filter((x: any) => x.priced);
    const unpriced = p.positions.filter((x: any) => !x.priced);
    expect(unpriced).toHaveLength(1);
    expect(unpriced[0]).toMatchObject({ symbol: "COIN", value_usd: null, delta_24h: { pct: null, value_usd: null } });
    expect(unpriced[0].price_usd).toMatch(/^\d+\.\d{2}$/);
    expect(sum(priced.map((x: any) => x.value_usd)).toFixed(2)).toBe(p.open_positions_value_usd);
    expect(toDecimal(p.usd_balance).plus(p.open_positions_value_usd).toFixed(2)).toBe(p.total_value_usd);
    expect(sum(priced.map((x: any) => x.delta_24h.value_usd)).toFixed(2)).toBe(p.delta_24h.value_usd);
    for (const x of priced) expect(x.value_usd).toBe(toDecimal(x.quantity).times(x.price_usd).toFixed(2, Decimal.ROUND_HALF_UP));
    const prices = (await call("/prices")).body.data.prices as any[];
    for (const x of p.positions) expect(x.price_usd).toBe(prices.find((q) => q.symbol === x.symbol).price_usd);
    expect(p.positions.find((x: any) => x.symbol === "TSLA")).toMatchObject({ quantity: "1.25000000", available: "1.00000000" });
  });

  it("answers 503 while the wallet service is down (injected fault)", async () => {
    await suite.emu.control.setFaults({ path_prefix: "/stocks/v1/wallet", wallet_unavailable: true, times: 1 });
    const r = await call("/wallet/portfolio");
    expect(r.status).toBe(503);
    expect(r.body.success).toBe(false);
    expect((await call("/wallet/portfolio")).status).toBe(200);
  });

  it("is per merchant", async () => {
    const demo = (await call("/wallet/portfolio")).body.data;
    const second = (await call("/wallet/portfolio", suite.emu.keys.second)).body.data;
    expect(second.positions.map((x: any) => x.symbol)).toEqual(demo.positions.map((x: any) => x.symbol));
    expect(second.usd_balance).toMatch(/^1250\.\d{2}$/);
  });
});

describe("market status and prices over the trading week", () => {
  it("walks closed -> pre-market -> open -> after-hours with the right flags and moving prices", async () => {
    // First a moment when the market is surely closed: five hours after the next regular close.
    const start = marketClock(await emulatedNow());
    await advanceTo(start.next_close_at + 5 * HOUR);
    const closedAt = await emulatedNow();
    const clock = marketClock(closedAt);
    const closed = (await call("/assets/AAPL")).body.data;
    expect(closed).toMatchObject({ market_status: "closed", is_market_open: false, is_off_hours_open: false });
    expect(closed.next_open_at).toBe(new Date(clock.next_open_at).toISOString());
    expect(closed.next_close_at).toBe(new Date(clock.next_close_at).toISOString());
    // Closed: prices hold still.
    const frozen1 = (await call("/prices?symbols=AAPL")).body.data.prices[0];
    await suite.emu.control.advance(HOUR / 2);
    const frozen2 = (await call("/prices?symbols=AAPL")).body.data.prices[0];
    expect(frozen2).toEqual(frozen1);

    await advanceTo(clock.next_open_at - 2 * HOUR);
    const tslaPre = (await call("/assets/TSLA")).body.data;
    expect(tslaPre).toMatchObject({ market_status: "pre_market", is_market_open: false, is_off_hours_eligible: true, is_off_hours_open: true });
    expect((await call("/assets/AAPL")).body.data).toMatchObject({ market_status: "pre_market", is_off_hours_open: false });

    await advanceTo(clock.next_open_at + HOUR);
    const open1 = (await call("/assets/AAPL")).body.data;
    expect(open1).toMatchObject({ market_status: "open", is_market_open: true, is_off_hours_open: false });
    expect(open1.next_close_at).toBe(new Date(clock.next_close_at).toISOString());
    expect(Date.parse(open1.next_open_at)).toBeGreaterThan(clock.next_close_at);
    await suite.emu.control.advance(2 * HOUR);
    const open2 = (await call("/assets/AAPL")).body.data;
    expect(open2.price_usd).not.toBe(open1.price_usd);
    const fresh = (await call("/prices?symbols=AAPL")).body.data.prices[0];
    expect(Date.parse(fresh.updated_at)).toBeGreaterThan(Date.parse(frozen1.updated_at));

    await advanceTo(clock.next_close_at + HOUR);
    expect((await call("/assets/SPY")).body.data).toMatchObject({ market_status: "after_hours", is_market_open: false, is_off_hours_open: true });
    expect((await call("/assets/QQQ")).body.data).toMatchObject({ market_status: "after_hours", is_off_hours_open: false });
  });
});
