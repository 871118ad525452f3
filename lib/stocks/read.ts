/**
 * Server reads for the Stocks pages and their GET routes, through the upstream client bound to the
 * user's organization and environment. The Stocks surface sends no webhooks, so pages poll these
 * (the shared 10-second cache keeps many open pages to one provider call). A fresh portfolio read
 * also stores a value snapshot for the chart.
 */
import "server-only";
import type { Tenant } from "@/lib/balances/read";
import { readOne } from "@/lib/ledger/read";
import { storeObjects } from "@/lib/ledger/store";
import { log } from "@/lib/log";
import { upstreamFor, UpstreamError, type UpstreamResult } from "@/lib/upstream";
import { type Portfolio, portfolio as portfolioSchema } from "@/lib/upstream/schemas/stocks";
import { conversionOf } from "./convert";
import type { AssetFilters } from "./filters";
import type { PriceFilters } from "./prices-query";
import { portfolioFigures } from "./portfolio";
import { recordSnapshotQuietly } from "./snapshots";
import type { AssetListView, AssetView, ConversionView, PortfolioView, PricesView } from "./views";

const upstreamOf = (t: Tenant) => upstreamFor({ organizationId: t.organizationId, environment: t.environment });
const fresh = <T>(r: UpstreamResult<unknown>, data: T) => ({ data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale });

/** Provider failures after which the last stored portfolio is worth showing (a refusal is not one of them). */
const OUTAGE = new Set(["unavailable", "rate_limited", "bad_response"]);

/**
 * The portfolio from the provider; each fresh answer is also kept in the local copy, so while the
 * provider is down (longer than the read cache keeps an answer) the page shows the last one, marked
 * stale with its age, instead of an error.
 */
export async function readPortfolio(t: Tenant): Promise<PortfolioView> {
  const scope = { organizationId: t.organizationId, environment: t.environment };
  let r: UpstreamResult<Portfolio>;
  try {
    r = await upstreamOf(t).stocks.getPortfolio();
  } catch (err) {
    if (!(err instanceof UpstreamError) || !OUTAGE.has(err.kind)) throw err;
    const kept = await readOne(scope, "stock_portfolio", "portfolio");
    const parsed = kept ? portfolioSchema.safeParse(kept.data) : null;
    if (!kept || !parsed?.success) throw err;
    return { data: portfolioFigures(parsed.data), fetchedAt: kept.syncedAt.toISOString(), stale: true };
  }
  const figures = portfolioFigures(r.data);
  // A cached answer served because the provider failed is not a new observation of the value.
  if (!r.stale) {
    await recordSnapshotQuietly(t, figures, r.fetchedAt);
    await storeObjects(scope, "stock_portfolio", [r.data], "fetch").catch((err: unknown) => log.warn({ err }, "stocks: portfolio not kept in the local copy"));
  }
  return fresh(r, figures);
}

export async function readAssets(t: Tenant, f: AssetFilters): Promise<AssetListView> {
  const r = await upstreamOf(t).stocks.listAssets(f.category ? { category: f.category } : {});
  const q = f.q?.toLowerCase();
  const assets = q ? r.data.assets.filter((a) => a.symbol.toLowerCase().includes(q) || (a.name ?? "").toLowerCase().includes(q)) : r.data.assets;
  return fresh(r, { assets, total: r.data.assets.length });
}

export async function readAsset(t: Tenant, symbol: string): Promise<AssetView> {
  const r = await upstreamOf(t).stocks.getAsset(symbol);
  return fresh(r, r.data);
}

export async function readPrices(t: Tenant, f: PriceFilters): Promise<PricesView> {
  const r = await upstreamOf(t).stocks.getPrices(f.symbols.length > 0 ? { symbols: f.symbols.join(",") } : {});
  return fresh(r, { prices: r.data.prices });
}

export async function readConversion(t: Tenant, c: { from: string; to: string; amount?: string }): Promise<ConversionView> {
  const r = await upstreamOf(t).stocks.convertPrice({ source_asset: c.from, target_asset: c.to });
  const item = r.data.prices[0];
  return fresh(r, { conversion: item ? conversionOf(item, c.from, c.to, c.amount) : null });
}
