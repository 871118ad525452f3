"use client";
import { useCoinsQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { type MarketFilters, serializeMarketFilters } from "@/lib/coins/filters";
import { formatAsset, formatBps, formatPercent } from "@/lib/coins/format";
import { ageText, isStale, referenceTime } from "@/lib/coins/markets";
import type { MarketsView } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";

/** Prices move every few seconds; the table follows them while it is open. */
const REFRESH_MS = 15_000;

type Market = MarketsView["rows"][number];
const marketName = (m: Market) => `${m.base_asset}/${m.quote_asset}`;

/**
 * Every market for the URL's filters: price and when it was fetched (a price older than the limit
 * is marked stale and its age said), 24 h change, 24 h volume in the quote asset, fee and minimum.
 */
export function MarketsTable({ initial, filters, canTrade }: { initial: MarketsView; filters: MarketFilters; canTrade: boolean }) {
  const query = serializeMarketFilters(filters);
  const q = useCoinsQuery(["markets", query], `/api/coins/markets${query}`, initial, { every: REFRESH_MS });
  const view = q.data;
  const reference = referenceTime(view.all);
  const filtered = Boolean(filters.base_caid || filters.quote_caid);
  const columns: Column<Market>[] = [
    {
      key: "market",
      header: "Market",
      cell: (m) => (
        <>
          <div className="font-medium">{marketName(m)}</div>
          <div className="max-w-64 truncate font-mono text-xs text-muted-foreground" title={`${m.base_caid ?? ""} / ${m.quote_caid ?? ""}`}>
            {m.base_caid ?? "—"} / {m.quote_caid ?? "—"}
          </div>
        </>
      ),
    },
    { key: "price", header: "Price", numeric: true, className: "text-sm", cell: (m) => formatAsset(m.price, m.quote_asset) },
    {
      key: "fetched",
      header: "Price fetched",
      className: "text-sm whitespace-nowrap",
      cell: (m) => (
        <>
          <DateTime value={m.price_fetched_at ?? null} />
          {isStale(m, reference) ? (
            <Badge variant="warning" className="ml-2" data-testid="stale-price">
              Stale price · {ageText(m, reference)} old
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      key: "change",
      header: "24 h change",
      numeric: true,
      className: "text-sm",
      cell: (m) => <span className={m.change_pct_24h?.startsWith("-") ? "text-destructive" : undefined}>{formatPercent(m.change_pct_24h)}</span>,
    },
    { key: "volume", header: "24 h volume", numeric: true, className: "text-sm", cell: (m) => formatAsset(m.volume_quote_24h, m.quote_asset) },
    { key: "fee", header: "Fee", numeric: true, className: "text-sm", cell: (m) => formatBps(m.fee_bps) },
    { key: "minimum", header: "Minimum order", numeric: true, className: "text-sm", cell: (m) => formatAsset(m.min_quote_amount, m.quote_asset) },
  ];
  if (canTrade) {
    columns.push({
      key: "trade",
      header: <span className="sr-only">Trade</span>,
      cell: (m) => (
        <Link
          className="text-sm underline-offset-4 hover:underline focus-visible:underline"
          href={{ pathname: "/coins/orders/new", query: { market: `${m.base_asset}-${m.quote_asset}` } }}
        >
          Trade<span className="sr-only"> {marketName(m)}</span>
        </Link>
      ),
    });
  }
  return (
    <DataList
      caption="Coins markets"
      columns={columns}
      rows={view.rows}
      rowKey={(m) => `${m.base_asset}-${m.quote_asset}`}
      rowProps={(m) => ({ "data-testid": "market-row", "data-market": marketName(m), "data-stale": isStale(m, reference) ? "true" : undefined })}
      stale={view}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="markets-empty"
          title={filtered ? "No market for these assets" : "No markets"}
          hint={filtered ? "Clear a filter to see more markets." : "The provider lists no Coins markets right now."}
        />
      }
      pager={
        <p className="text-xs text-muted-foreground">
          A price not refreshed for 5 minutes is marked stale; an order on it may fail. Fees are in basis points of the quote amount.
        </p>
      }
    />
  );
}
