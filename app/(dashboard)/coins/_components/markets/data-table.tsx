"use client";
import { Link } from "@/components/ui/link";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { CoinsTable, useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { Badge } from "@/components/ui/badge";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type MarketFilters, serializeMarketFilters } from "@/lib/coins/filters";
import { formatAsset, formatBps, formatPercent } from "@/lib/coins/format";
import { ageText, isStale, referenceTime } from "@/lib/coins/markets";
import type { MarketsView } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";

/** Prices move every few seconds; the table follows them while it is open. */
const REFRESH_MS = 15_000;

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
  if (view.rows.length === 0) {
    return (
      <CoinsEmptyState
        testId="markets-empty"
        title={filtered ? "No market for these assets" : "No markets"}
        hint={filtered ? "Clear a filter to see more markets." : "The provider lists no Coins markets right now."}
      />
    );
  }
  return (
    <CoinsTable
      q={q}
      caption="Coins markets"
      after={
        <p className="text-xs text-muted-foreground">
          A price not refreshed for 5 minutes is marked stale; an order on it may fail. Fees are in basis points of the quote amount.
        </p>
      }
    >
      <TableHeader>
        <TableRow>
          <TableHead>Market</TableHead>
          <TableHead className="text-right">Price</TableHead>
          <TableHead>Price fetched</TableHead>
          <TableHead className="text-right">24 h change</TableHead>
          <TableHead className="text-right">24 h volume</TableHead>
          <TableHead className="text-right">Fee</TableHead>
          <TableHead className="text-right">Minimum order</TableHead>
          {canTrade ? (
            <TableHead>
              <span className="sr-only">Trade</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((m) => {
          const stale = isStale(m, reference);
          const name = `${m.base_asset}/${m.quote_asset}`;
          return (
            <TableRow key={`${m.base_asset}-${m.quote_asset}`} data-testid="market-row" data-market={name} data-stale={stale ? "true" : undefined}>
              <TableCell>
                <div className="font-medium">{name}</div>
                <div className="max-w-64 truncate font-mono text-xs text-muted-foreground" title={`${m.base_caid ?? ""} / ${m.quote_caid ?? ""}`}>
                  {m.base_caid ?? "—"} / {m.quote_caid ?? "—"}
                </div>
              </TableCell>
              <TableCell className="text-right text-sm tabular-nums">{formatAsset(m.price, m.quote_asset)}</TableCell>
              <TableCell className="text-sm whitespace-nowrap">
                {formatDateTime(m.price_fetched_at ?? null)}
                {stale ? (
                  <Badge variant="warning" className="ml-2" data-testid="stale-price">
                    Stale price · {ageText(m, reference)} old
                  </Badge>
                ) : null}
              </TableCell>
              <TableCell className={`text-right text-sm tabular-nums ${m.change_pct_24h?.startsWith("-") ? "text-destructive" : ""}`}>
                {formatPercent(m.change_pct_24h)}
              </TableCell>
              <TableCell className="text-right text-sm tabular-nums">{formatAsset(m.volume_quote_24h, m.quote_asset)}</TableCell>
              <TableCell className="text-right text-sm whitespace-nowrap tabular-nums">{formatBps(m.fee_bps)}</TableCell>
              <TableCell className="text-right text-sm tabular-nums">{formatAsset(m.min_quote_amount, m.quote_asset)}</TableCell>
              {canTrade ? (
                <TableCell>
                  <Link
                    className="text-sm underline-offset-4 hover:underline focus-visible:underline"
                    href={{ pathname: "/coins/orders/new", query: { market: `${m.base_asset}-${m.quote_asset}` } }}
                  >
                    Trade<span className="sr-only"> {name}</span>
                  </Link>
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </CoinsTable>
  );
}
