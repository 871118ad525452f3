"use client";
import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { MarketStatusBadge, RiskBadge } from "@/app/(dashboard)/stocks/_components/market-status";
import { SymbolLink } from "@/app/(dashboard)/stocks/_components/symbol-link";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { usePolledList } from "@/components/list/use-polled-list";
import { Badge } from "@/components/ui/badge";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { type AssetFilters, serializeAssetFilters } from "@/lib/stocks/filters";
import { formatPrice } from "@/lib/stocks/format";
import { categoryLabel } from "@/lib/stocks/labels";
import { ASSET_POLL_MS, type AssetListView } from "@/lib/stocks/views";

type Asset = AssetListView["data"]["assets"][number];

const columns: Column<Asset>[] = [
  {
    key: "asset",
    header: "Asset",
    cell: (a) => (
      <>
        <SymbolLink symbol={a.symbol}>
          <span className="sr-only">: open {a.name ?? a.symbol}</span>
        </SymbolLink>
        {a.is_new ? (
          <Badge variant="secondary" className="ml-2">
            New
          </Badge>
        ) : null}
        {a.name ? <div className="text-xs text-muted-foreground">{a.name}</div> : null}
      </>
    ),
  },
  { key: "category", header: "Category", className: "text-sm", cell: (a) => categoryLabel(a.category) },
  { key: "price", header: "Price", numeric: true, cell: (a) => formatPrice(a.price_usd, a.price_precision) },
  { key: "change", header: "24 h change", numeric: true, cell: (a) => <Change pct={a.change_24h_pct} usd={a.change_24h_usd} precision={a.price_precision} /> },
  {
    key: "size",
    header: "Order size",
    numeric: true,
    className: "text-sm",
    cell: (a) => (a.min_order_usd || a.max_order_usd ? `${formatMoney(a.min_order_usd, "USD")} – ${formatMoney(a.max_order_usd, "USD")}` : "—"),
  },
  {
    key: "market",
    header: "Market",
    className: "text-sm",
    cell: (a) => (
      <>
        <MarketStatusBadge status={a.market_status} />
        <div className="mt-1 text-xs whitespace-nowrap text-muted-foreground">
          {a.market_status === "halted" ? (
            "Halted"
          ) : a.is_market_open ? (
            <>
              Closes <DateTime value={a.next_close_at} />
            </>
          ) : (
            <>
              Opens <DateTime value={a.next_open_at} />
            </>
          )}
          {a.is_off_hours_eligible ? (a.is_off_hours_open ? " · off-hours open" : " · off-hours eligible") : ""}
        </div>
      </>
    ),
  },
  { key: "risk", header: "Risk", cell: (a) => <RiskBadge level={a.customer_risk_level} /> },
];

/** Every asset for the URL's filters, polled so prices and market status stay current. */
export function AssetsTable({ initial, filters }: { initial: AssetListView; filters: AssetFilters }) {
  const query = serializeAssetFilters(filters);
  const q = usePolledList({
    queryKey: ["stocks", "assets", query],
    url: `/api/stocks/assets${query}`,
    initial,
    errorMessage: "The assets could not be loaded. Try again in a moment.",
    every: ASSET_POLL_MS,
  });
  const { assets, total } = q.data.data;
  const filtered = Boolean(filters.category || filters.q);
  return (
    <DataList
      testId="assets-table"
      caption="Tokenized stock assets with price, 24-hour change, order bounds, market status and risk level"
      columns={columns}
      rows={assets}
      rowKey={(a) => a.symbol}
      rowProps={(a) => ({ "data-testid": "asset-row", "data-symbol": a.symbol })}
      stale={q.data}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="assets-empty"
          title={filtered ? "No asset matches these filters" : "The provider lists no stock assets"}
          hint={filtered ? "Clear the filters to see every asset." : "Tokenized stocks appear here once the provider offers them in this environment."}
        />
      }
      pager={
        <p className="text-xs text-muted-foreground">
          {assets.length === total ? `${assets.length} assets` : `${assets.length} of ${total} assets`}. Times in your zone; prices refresh every 30 seconds.
        </p>
      }
    />
  );
}
