/**
 * Server reads for the Stocks pages and their GET routes, through the upstream client bound to the
 * user's organization and environment. The Stocks surface sends no webhooks, so pages poll these.
 * The portfolio is the local copy's snapshot; prices and assets go through the shared 10-second
 * cache (they are not history), which keeps many open pages to one provider call.
 */
import "server-only";
import type { Tenant } from "@/lib/balances/read";
import { snapshotFromCopy } from "@/lib/ledger/page-read";
import { upstreamFor, type UpstreamResult } from "@/lib/upstream";
import type { Portfolio } from "@/lib/upstream/schemas/stocks";
import { conversionOf } from "./convert";
import type { AssetFilters } from "./filters";
import type { PriceFilters } from "./prices-query";
import { portfolioFigures } from "./portfolio";
import { recordSnapshotQuietly } from "./snapshots";
import type { AssetListView, AssetView, ConversionView, PortfolioView, PricesView } from "./views";

const upstreamOf = (t: Tenant) => upstreamFor({ organizationId: t.organizationId, environment: t.environment });
const fresh = <T>(r: UpstreamResult<unknown>, data: T) => ({ data, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale });

/** Per tenant, the copy's read this process last noted for the chart. */
const noted = new Map<string, string>();

/**
 * The portfolio from the local copy's snapshot (swept every few seconds while shown), so the
 * provider being down leaves the last one on screen with its age. Each new read of it from the
 * provider is also noted for the chart (one per 15-minute period), once: the views in between
 * show the same read, and a write per view was most of the Stocks page's cost under load.
 */
export async function readPortfolio(t: Tenant): Promise<PortfolioView> {
  const r = await snapshotFromCopy<Portfolio>(t, "stock_portfolio");
  const figures = portfolioFigures(r.data);
  const tenant = `${t.organizationId}:${t.environment}`;
  if (noted.get(tenant) !== r.fetchedAt && (await recordSnapshotQuietly(t, figures, new Date(r.fetchedAt)))) {
    if (noted.size > 10_000) noted.clear();
    noted.set(tenant, r.fetchedAt);
  }
  return { data: figures, fetchedAt: r.fetchedAt, stale: false, synced: r.synced };
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
