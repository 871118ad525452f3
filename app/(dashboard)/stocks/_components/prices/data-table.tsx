"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { StaleBadge } from "@/app/(dashboard)/stocks/_components/market-status";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatDateTime } from "@/lib/format";
import { formatPrice } from "@/lib/stocks/format";
import { PRICES_POLL_MS, type PricesView } from "@/lib/stocks/views";
import { PricesEmptyState } from "./empty-state";

/**
 * Live prices: polled every 15 seconds (the provider's refresh), each with its time. A price the
 * provider marks stale is flagged in words; a price held because its market is closed is not stale.
 */
export function PricesTable({ initial, symbols }: { initial: PricesView; symbols: string[] }) {
  const query = symbols.length > 0 ? `?symbols=${encodeURIComponent(symbols.join(","))}` : "";
  const q = useQuery({
    queryKey: ["stocks", "prices", query],
    queryFn: () => fetchJson<PricesView>(`/api/stocks/prices${query}`, "The prices could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: PRICES_POLL_MS,
  });
  const { prices } = q.data.data;
  if (prices.length === 0) return <PricesEmptyState />;
  const staleCount = prices.filter((p) => p.stale === true).length;
  return (
    <div className="grid gap-3">
      {q.isRefetchError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      {staleCount > 0 ? (
        <p className="text-sm" data-testid="stale-summary">
          {staleCount === 1 ? "One price is" : `${staleCount} prices are`} stale: the provider&apos;s feed stopped updating {staleCount === 1 ? "it" : "them"}.
          Do not rely on {staleCount === 1 ? "it" : "them"} for decisions.
        </p>
      ) : null}
      <div className="rounded-lg border">
        <Table data-testid="prices-table">
          <TableCaption className="sr-only">Stock prices in US dollars with 24-hour change and the time of each price</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Asset</TableHead>
              <TableHead className="text-right">Price</TableHead>
              <TableHead className="text-right">24 h change</TableHead>
              <TableHead>Price time</TableHead>
              <TableHead>Freshness</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {prices.map((p) => (
              <TableRow
                key={p.symbol}
                data-testid="price-row"
                data-symbol={p.symbol}
                data-stale={p.stale === true}
                className={p.stale ? "bg-warning/10" : undefined}
              >
                <TableCell>
                  <Link
                    href={`/stocks/assets/${encodeURIComponent(p.symbol)}`}
                    className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                  >
                    {p.symbol}
                  </Link>
                </TableCell>
                <TableCell className="text-right tabular-nums" data-testid="price">
                  {formatPrice(p.price_usd)}
                </TableCell>
                <TableCell className="text-right">
                  <Change pct={p.change_24h_pct} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">
                  {p.updated_at ? (
                    <>
                      <time dateTime={p.updated_at}>{formatDateTime(p.updated_at)}</time>
                      <RelativeTime value={p.updated_at} before={() => ""} className="block text-xs text-muted-foreground" />
                    </>
                  ) : (
                    "—"
                  )}
                </TableCell>
                <TableCell>
                  {p.stale === true ? (
                    <StaleBadge />
                  ) : p.stale === false ? (
                    <Badge variant="outline">Current</Badge>
                  ) : (
                    <span className="text-sm text-muted-foreground">Not stated</span>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        Refreshed every 15 seconds while this page is open. Outside market hours a price holds at its last trade; that is not stale. Times in UTC.
      </p>
    </div>
  );
}
