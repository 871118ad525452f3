"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { MarketStatusBadge, RiskBadge } from "@/app/(dashboard)/stocks/_components/market-status";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import type { AssetFilters } from "@/lib/stocks/filters";
import { formatPrice } from "@/lib/stocks/format";
import { categoryLabel } from "@/lib/stocks/labels";
import { ASSET_POLL_MS, type AssetListView } from "@/lib/stocks/views";
import { AssetsEmptyState } from "./empty-state";

/** Every asset for the URL's filters, polled so prices and market status stay current. */
export function AssetsTable({ initial, filters }: { initial: AssetListView; filters: AssetFilters }) {
  const query = new URLSearchParams(
    Object.entries({ category: filters.category, q: filters.q }).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  const q = useQuery({
    queryKey: ["stocks", "assets", query],
    queryFn: () => fetchJson<AssetListView>(`/api/stocks/assets${query ? `?${query}` : ""}`, "The assets could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: ASSET_POLL_MS,
  });
  const { assets } = q.data.data;
  if (assets.length === 0) return <AssetsEmptyState filtered={Boolean(filters.category || filters.q)} />;
  return (
    <div className="grid gap-3">
      {q.isRefetchError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      <div className="rounded-lg border">
        <Table data-testid="assets-table">
          <TableCaption className="sr-only">Tokenized stock assets with price, 24-hour change, order bounds, market status and risk level</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Asset</TableHead>
              <TableHead>Category</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">24 h change</TableHead>
              <TableHead className="text-right">Order size</TableHead>
              <TableHead>Market</TableHead>
              <TableHead>Risk</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {assets.map((a) => (
              <TableRow key={a.symbol} data-testid="asset-row" data-symbol={a.symbol}>
                <TableCell>
                  <Link
                    href={`/stocks/assets/${encodeURIComponent(a.symbol)}`}
                    className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                  >
                    {a.symbol}
                    <span className="sr-only">: open {a.name ?? a.symbol}</span>
                  </Link>
                  {a.is_new ? (
                    <Badge variant="secondary" className="ml-2">
                      New
                    </Badge>
                  ) : null}
                  {a.name ? <div className="text-xs text-muted-foreground">{a.name}</div> : null}
                </TableCell>
                <TableCell className="text-sm">{categoryLabel(a.category)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatPrice(a.price_usd, a.price_precision)}</TableCell>
                <TableCell className="text-right">
                  <Change pct={a.change_24h_pct} usd={a.change_24h_usd} precision={a.price_precision} />
                </TableCell>
                <TableCell className="text-right text-sm tabular-nums whitespace-nowrap">
                  {a.min_order_usd || a.max_order_usd ? `${formatMoney(a.min_order_usd, "USD")} – ${formatMoney(a.max_order_usd, "USD")}` : "—"}
                </TableCell>
                <TableCell className="text-sm">
                  <MarketStatusBadge status={a.market_status} />
                  <div className="mt-1 text-xs whitespace-nowrap text-muted-foreground">
                    {a.market_status === "halted"
                      ? "Halted"
                      : a.is_market_open
                        ? `Closes ${formatDateTime(a.next_close_at)}`
                        : `Opens ${formatDateTime(a.next_open_at)}`}
                    {a.is_off_hours_eligible ? (a.is_off_hours_open ? " · off-hours open" : " · off-hours eligible") : ""}
                  </div>
                </TableCell>
                <TableCell>
                  <RiskBadge level={a.customer_risk_level} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        {assets.length === q.data.data.total ? `${assets.length} assets` : `${assets.length} of ${q.data.data.total} assets`}. Times in UTC; prices refresh
        every 30 seconds.
      </p>
    </div>
  );
}
