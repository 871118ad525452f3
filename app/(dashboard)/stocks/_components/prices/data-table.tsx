"use client";
import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { SymbolLink } from "@/app/(dashboard)/stocks/_components/symbol-link";
import { StaleBadge } from "@/app/(dashboard)/stocks/_components/market-status";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { usePolledList } from "@/components/list/use-polled-list";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DateTime } from "@/components/ui/date-time";
import { formatPrice } from "@/lib/stocks/format";
import { PRICES_POLL_MS, type PricesView } from "@/lib/stocks/views";

type Price = PricesView["data"]["prices"][number];

const columns: Column<Price>[] = [
  {
    key: "asset",
    header: "Asset",
    cell: (p) => <SymbolLink symbol={p.symbol} />,
  },
  { key: "price", header: "Price", numeric: true, cell: (p) => <span data-testid="price">{formatPrice(p.price_usd)}</span> },
  { key: "change", header: "24 h change", numeric: true, cell: (p) => <Change pct={p.change_24h_pct} /> },
  {
    key: "time",
    header: "Price time",
    className: "text-sm whitespace-nowrap",
    cell: (p) =>
      p.updated_at ? (
        <>
          <DateTime value={p.updated_at} />
          {/* A no-break space before the page is live keeps the line's height, so the rows do not grow when the age appears. */}
          <RelativeTime value={p.updated_at} before={() => "\u00a0"} className="block text-xs text-muted-foreground" />
        </>
      ) : (
        "—"
      ),
  },
  {
    key: "freshness",
    header: "Freshness",
    cell: (p) =>
      p.stale === true ? (
        <StaleBadge />
      ) : p.stale === false ? (
        <Badge variant="outline">Current</Badge>
      ) : (
        <span className="text-sm text-muted-foreground">Not stated</span>
      ),
  },
];

/**
 * Live prices: polled every 15 seconds (the provider's refresh), each with its time. A price the
 * provider marks stale is flagged in words; a price held because its market is closed is not stale.
 */
export function PricesTable({ initial, symbols }: { initial: PricesView; symbols: string[] }) {
  const query = symbols.length > 0 ? `?symbols=${encodeURIComponent(symbols.join(","))}` : "";
  const q = usePolledList({
    queryKey: ["stocks", "prices", query],
    url: `/api/stocks/prices${query}`,
    initial,
    errorMessage: "The prices could not be loaded. Try again in a moment.",
    every: PRICES_POLL_MS,
  });
  const { prices } = q.data.data;
  const staleCount = prices.filter((p) => p.stale === true).length;
  return (
    <div className="grid gap-3">
      {staleCount > 0 ? (
        <p className="text-sm" data-testid="stale-summary">
          {staleCount === 1 ? "One price is" : `${staleCount} prices are`} stale: the provider&apos;s feed stopped updating {staleCount === 1 ? "it" : "them"}.
          Do not rely on {staleCount === 1 ? "it" : "them"} for decisions.
        </p>
      ) : null}
      <DataList
        testId="prices-table"
        caption="Stock prices in US dollars with 24-hour change and the time of each price"
        columns={columns}
        rows={prices}
        rowKey={(p) => p.symbol}
        rowProps={(p) => ({
          "data-testid": "price-row",
          "data-symbol": p.symbol,
          "data-stale": String(p.stale === true),
          className: p.stale ? "bg-warning/10" : undefined,
        })}
        stale={q.data}
        refresh={q.refresh}
        empty={
          <ListEmptyState
            testId="prices-empty"
            title="No prices"
            hint="The provider returned no price for these symbols. Clear the symbols to see every asset."
          />
        }
        pager={
          <p className="text-xs text-muted-foreground">
            Refreshed every 15 seconds while this page is open. Outside market hours a price holds at its last trade; that is not stale.
          </p>
        }
      />
    </div>
  );
}
