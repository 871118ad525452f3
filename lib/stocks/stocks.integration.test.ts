/**
 * The Stocks reads against a real emulator and PostgreSQL, through the GET routes the pages poll:
 * the portfolio's figures add up and each fresh read stores one snapshot per period (old ones
 * pruned), the chart's series comes from those snapshots, prices and convert mode, assets and their
 * disclosures, and the sentences a user sees when the provider or the session fails.
 */
import Decimal from "decimal.js";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getAsset } from "@/app/api/stocks/assets/[symbol]/route";
import { GET as listAssets } from "@/app/api/stocks/assets/route";
import { GET as convert } from "@/app/api/stocks/convert/route";
import { GET as getPortfolio } from "@/app/api/stocks/portfolio/route";
import { GET as listPrices } from "@/app/api/stocks/prices/route";
import { STOCK_DISCLOSURE_FIELDS } from "@/emulator/stocks/asset-fields";
import type { TestEmulator } from "@/emulator/testing";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";
import { periodStart, readValueSeries, recordSnapshot, SNAPSHOT_PERIOD_MS, SNAPSHOT_RETENTION_MS } from "./snapshots";
import type { AssetListView, AssetView, ConversionView, PortfolioView, PricesView } from "./views";
import { callRoute, createTeamWithKey, startSandbox, type Team } from "@/test/fixtures";

let emu: TestEmulator;
let team: Team;

const snapshots = () => testDb().stockPortfolioSnapshot.findMany({ where: { organizationId: team.org.id }, orderBy: { periodStart: "asc" } });

beforeAll(async () => {
  emu = await startSandbox();
});
afterAll(() => emu.close());

beforeEach(async () => {
  team = await createTeamWithKey({ surface: "stocks" });
  await emu.control.clearFaults();
  signInAs(team.viewer);
});

describe("portfolio", () => {
  it("adds up exactly, marks the stale position unpriced, and stores one snapshot per period", async () => {
    const r = await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect(r.status).toBe(200);
    const f = r.body.data;
    const priced = f.positions.filter((p) => p.priced);
    const sum = priced.reduce((acc, p) => acc.plus(p.valueUsd!), new Decimal(0));
    expect(sum.toFixed(2)).toBe(new Decimal(f.openPositionsValueUsd).toFixed(2));
    expect(f.positionsSumUsd).toBe(new Decimal(f.openPositionsValueUsd).toFixed(2));
    expect(new Decimal(f.usdBalance).plus(f.openPositionsValueUsd).toFixed(2)).toBe(new Decimal(f.totalValueUsd).toFixed(2));
    expect(f.mismatches).toEqual([]);
    expect(f.positions.find((p) => p.symbol === "COIN")).toMatchObject({ priced: false, valueUsd: null });
    expect(f.unpricedCount).toBe(1);

    await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    const rows = await snapshots();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.totalValueUsd.toFixed(2)).toBe(new Decimal(f.totalValueUsd).toFixed(2));
    expect(rows[0]!.unpricedPositions).toBe(1);
    expect(rows[0]!.environment).toBe("sandbox");
  });

  it("notes each read of the portfolio from the provider once, not once per view", async () => {
    await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect(await snapshots()).toHaveLength(1);
    await testDb().stockPortfolioSnapshot.deleteMany({ where: { organizationId: team.org.id } });
    // Another view of the same read writes nothing.
    await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect(await snapshots()).toEqual([]);
    // The next sweep's read is noted.
    const swept = new Date();
    await testDb().syncedObject.updateMany({ where: { organizationId: team.org.id, kind: "stock_portfolio" }, data: { syncedAt: swept } });
    await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio");
    expect((await snapshots()).map((s) => s.takenAt.toISOString())).toEqual([swept.toISOString()]);
  });

  it("keeps one row per period, replaces it with the period's later read, prunes rows past the longest range, and builds the chart's series", async () => {
    const t = { organizationId: team.org.id, environment: "sandbox" as const };
    const base = (await callRoute<PortfolioView>(getPortfolio, "/api/stocks/portfolio")).body.data;
    const now = new Date();
    const old = new Date(now.getTime() - SNAPSHOT_RETENTION_MS - 86_400_000);
    await recordSnapshot(t, { ...base, totalValueUsd: "1.00" }, old);
    const earlier = new Date(periodStart(now).getTime() - 2 * SNAPSHOT_PERIOD_MS);
    await recordSnapshot(t, { ...base, totalValueUsd: "100.00" }, earlier);
    await recordSnapshot(t, { ...base, totalValueUsd: "150.00" }, new Date(earlier.getTime() + 60_000));
    // The write after the old row deleted it; the two reads of one period left one row, the later.
    const rows = await snapshots();
    expect(rows.map((r) => r.totalValueUsd.toFixed(2))).toEqual(["150.00", new Decimal(base.totalValueUsd).toFixed(2)]);

    const series = await readValueSeries(t, 7, new Date(now.getTime() + 1000));
    expect(series.points.map((p) => p.totalValueUsd)).toEqual(["150.00", new Decimal(base.totalValueUsd).toFixed(2)]);
    expect(series.count).toBe(2);
    // Another organization's snapshots never show.
    const other = await createTeam();
    expect((await readValueSeries({ organizationId: other.org.id, environment: "sandbox" }, 7)).points).toEqual([]);
  });

  it("a wallet outage is a sentence with 503, and stores no snapshot", async () => {
    await emu.control.setFaults({ path_prefix: "/stocks/v1/wallet", wallet_unavailable: true });
    const r = await callRoute<{ error: string }>(getPortfolio, "/api/stocks/portfolio");
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/\w+.*\./);
    expect(r.body.error).not.toMatch(/stack|Error:/);
    expect(await snapshots()).toEqual([]);
  });

  it("refuses a signed-out request", async () => {
    signOutTest();
    expect((await callRoute<{ error: string }>(getPortfolio, "/api/stocks/portfolio")).status).toBe(401);
  });
});

describe("prices and convert mode", () => {
  it("lists every price or the asked symbols, with COIN flagged stale", async () => {
    const all = await callRoute<PricesView>(listPrices, "/api/stocks/prices");
    expect(all.body.data.prices.length).toBe(13);
    const some = await callRoute<PricesView>(listPrices, "/api/stocks/prices?symbols=coin,aapl");
    expect(some.body.data.prices.map((p) => [p.symbol, p.stale])).toEqual([
      ["COIN", true],
      ["AAPL", false],
    ]);
    const bad = await callRoute<{ fieldErrors: Record<string, string> }>(listPrices, "/api/stocks/prices?symbols=$$");
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.symbols).toMatch(/^Not a symbol/);
  });

  it("converts a stock to USD and USD to a stock at the provider's price", async () => {
    const toUsd = await callRoute<ConversionView>(convert, "/api/stocks/convert?from=AAPL&to=USD&amount=2");
    const c = toUsd.body.data.conversion!;
    expect(c).toMatchObject({ source: "AAPL", target: "USD", derived: false, amount: "2" });
    expect(new Decimal(c.rate).toFixed(2)).toBe(new Decimal(c.sourcePriceUsd!).toFixed(2));
    expect(c.converted).toBe(new Decimal(c.rate).times(2).toFixed(2));

    const toStock = await callRoute<ConversionView>(convert, "/api/stocks/convert?from=USD&to=TSLA");
    expect(toStock.body.data.conversion!.converted).toMatch(/^0\.\d{8}$/);

    const stale = await callRoute<ConversionView>(convert, "/api/stocks/convert?from=COIN&to=USD");
    expect(stale.body.data.conversion!.stale).toBe(true);

    const missing = await callRoute<{ fieldErrors: Record<string, string> }>(convert, "/api/stocks/convert?from=AAPL");
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ to: "Choose the asset to convert to." });
    const unknown = await callRoute<{ error: string; code: string }>(convert, "/api/stocks/convert?from=ZZZZ&to=USD");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("SYMBOL_NOT_FOUND");
  });
});

describe("assets", () => {
  it("filters by category and search, and gives every disclosure field of an asset", async () => {
    const etfs = await callRoute<AssetListView>(listAssets, "/api/stocks/assets?category=etf");
    expect(etfs.body.data.assets.map((a) => a.symbol)).toEqual(["SPY", "QQQ"]);
    const found = await callRoute<AssetListView>(listAssets, "/api/stocks/assets?q=tesla");
    expect(found.body.data.assets.map((a) => a.symbol)).toEqual(["TSLA"]);
    expect(found.body.data.total).toBe(13);

    const spy = await callRoute<AssetView>(getAsset, "/api/stocks/assets/spy", { symbol: "spy" });
    expect(spy.status).toBe(200);
    for (const field of [
      ...STOCK_DISCLOSURE_FIELDS,
      "customer_risk_level",
      "next_open_at",
      "next_close_at",
      "min_order_usd",
      "max_order_usd",
      "market_status",
    ]) {
      expect(spy.body.data[field as keyof AssetView["data"]], field).not.toBeUndefined();
    }
    expect((await callRoute(getAsset, "/api/stocks/assets/NOPE", { symbol: "NOPE" })).status).toBe(404);
    expect((await callRoute(getAsset, "/api/stocks/assets/..", { symbol: ".." })).status).toBe(404);
  });
});
