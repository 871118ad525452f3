"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { FigureError, StaleNote } from "@/components/page/figure-freshness";
import { SyncedNote } from "@/components/page/synced-note";
import { ago, RelativeTime } from "@/components/ui/relative-time";
import { PositionsTable } from "@/app/(dashboard)/stocks/_components/positions/data-table";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { PORTFOLIO_POLL_MS, type PortfolioView as View } from "@/lib/stocks/views";
import { Change } from "./change";

export const PORTFOLIO_KEY = ["stocks", "portfolio"] as const;

/**
 * The portfolio's figures and positions, hydrated by the server's read and polled (the Stocks
 * surface sends no webhooks). Each poll that reaches the provider also stores a value snapshot.
 */
export function PortfolioView({ initial, initialError }: { initial: View | null; initialError: string | null }) {
  const q = useServerQuery({
    queryKey: PORTFOLIO_KEY,
    queryFn: () => fetchJson<View>("/api/stocks/portfolio", "The portfolio could not be loaded. Try again in a moment."),
    initialData: initial ?? undefined,
    initialDataUpdatedAt: initial && !initial.stale ? Date.now() : 0,
    refetchOnMount: !initialError,
    staleTime: 10_000,
    refetchInterval: PORTFOLIO_POLL_MS,
  });

  if (q.data === undefined) {
    return (
      <FigureError
        testId="portfolio-error"
        message={q.error?.message ?? initialError ?? "The portfolio could not be loaded."}
        retrying={q.isFetching}
        onRetry={() => void q.refetch()}
      />
    );
  }
  const { data: f, fetchedAt, stale, synced } = q.data;
  const updated = f.updatedAt ?? fetchedAt;
  const cards = [
    { id: "total", title: "Total value", body: formatMoney(f.totalValueUsd, "USD"), note: "USD balance plus open positions." },
    { id: "usd", title: "USD balance", body: formatMoney(f.usdBalance, "USD"), note: "Cash in the Stocks wallet." },
    {
      id: "open",
      title: "Open positions value",
      body: formatMoney(f.openPositionsValueUsd, "USD"),
      note: f.unpricedCount > 0 ? "Priced positions only." : "Every position at its current price.",
    },
  ];
  return (
    <div className="grid gap-4">
      {synced ? <SyncedNote freshness={synced} /> : stale ? <StaleNote fetchedAt={fetchedAt} testId="portfolio-stale" /> : null}
      {q.isRefetchError ? (
        <FigureError
          testId="portfolio-refresh-error"
          message={
            <>
              {q.error.message} The figures below are from <RelativeTime value={fetchedAt} />.
            </>
          }
          retrying={q.isFetching}
          onRetry={() => void q.refetch()}
        />
      ) : null}
      {f.mismatches.length > 0 ? (
        <Alert variant="destructive" data-testid="portfolio-mismatch">
          <AlertTitle>The provider&apos;s figures do not add up</AlertTitle>
          <AlertDescription>
            {f.mismatches.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {cards.map((c) => (
          <Card key={c.id} data-testid={`portfolio-${c.id}`}>
            <CardHeader>
              <CardTitle>
                <h2 className="text-sm font-medium">{c.title}</h2>
              </CardTitle>
              <CardDescription>{c.note}</CardDescription>
            </CardHeader>
            <CardContent>
              <span className="text-2xl font-semibold tabular-nums" data-testid="figure">
                {c.body}
              </span>
            </CardContent>
          </Card>
        ))}
        <Card data-testid="portfolio-change">
          <CardHeader>
            <CardTitle>
              <h2 className="text-sm font-medium">24 h change</h2>
            </CardTitle>
            <CardDescription>Of the priced positions; cash does not move.</CardDescription>
          </CardHeader>
          <CardContent>
            <Change pct={f.change24hPct} usd={f.change24hUsd} className="text-xl font-semibold" testId="figure" />
          </CardContent>
        </Card>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="portfolio-updated">
        Valued by the provider at <DateTime value={updated} />
        <RelativeTime value={updated} before={() => ""} describe={(ms) => ` (${ago(ms)})`} />; refreshed every minute while this page is open.
      </p>
      {f.unpricedCount > 0 ? (
        <p className="text-sm" data-testid="unpriced-note">
          {f.unpricedCount === 1 ? "One position is" : `${f.unpricedCount} positions are`} unpriced: the provider&apos;s price is stale, so{" "}
          {f.unpricedCount === 1 ? "it is" : "they are"} shown at the last known price without a value and left out of the open positions value and the total.
        </p>
      ) : null}
      <section className="grid gap-3" aria-labelledby="positions-heading">
        <h2 id="positions-heading" className="text-lg font-semibold">
          Positions
        </h2>
        <PositionsTable figures={f} />
      </section>
    </div>
  );
}
