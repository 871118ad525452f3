/**
 * The portfolio's value over time (server component, streamed in its own Suspense boundary): the
 * stored snapshots drawn with the balance chart, so no chart code reaches the browser.
 */
import { BalanceChart } from "@/components/page/balance-chart";
import { ChartRetryButton } from "@/components/page/chart-retry-button";
import { Skeleton } from "@/components/ui/skeleton";
import { CHART_RANGES, type ChartRange, type Tenant } from "@/lib/balances/read";
import { log } from "@/lib/log";
import { readValueSeries, SNAPSHOT_PERIOD_MS } from "@/lib/stocks/snapshots";

const LABELS: Record<ChartRange, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };

export function PortfolioHistorySkeleton() {
  return (
    <div aria-busy="true" className="grid gap-2">
      <span className="sr-only">Loading the portfolio chart…</span>
      <Skeleton className="h-52 w-full" />
    </div>
  );
}

export async function PortfolioHistory({ tenant, range, zone }: { tenant: Tenant; range: ChartRange; zone: string }) {
  let series: Awaited<ReturnType<typeof readValueSeries>>;
  try {
    series = await readValueSeries(tenant, CHART_RANGES[range]);
  } catch (err) {
    log.error({ err }, "stocks: portfolio history failed");
    return (
      <div role="alert" className="grid gap-2 text-sm" data-testid="portfolio-history-error">
        <p className="text-destructive">The portfolio chart could not be loaded. Try again in a moment.</p>
        <div>
          <ChartRetryButton />
        </div>
      </div>
    );
  }
  if (series.points.length < 2) {
    return (
      <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="portfolio-history-empty">
        {series.points.length === 0 ? "No value recorded in the last " : "Only one value recorded in the last "}
        {LABELS[range]}. The app records the portfolio&apos;s value each time it is read, at most every {SNAPSHOT_PERIOD_MS / 60_000} minutes, so the line
        appears as the page is used.
      </p>
    );
  }
  return (
    <div className="grid gap-3">
      <p className="text-xs text-muted-foreground" data-testid="portfolio-history-count">
        {series.count.toLocaleString("en-GB")} recorded values in this range
        {series.bucketMs ? `; each point is the last value of a period of about ${Math.max(1, Math.round(series.bucketMs / 3_600_000))} hours` : ""}. A value is
        recorded when the portfolio is read, at most every {SNAPSHOT_PERIOD_MS / 60_000} minutes; unpriced positions are not in it.
      </p>
      <BalanceChart
        zone={zone}
        id="portfolio-value"
        title={`Portfolio value over the last ${LABELS[range]}`}
        points={series.points}
        series={[
          { key: "totalValueUsd", label: "Total value", currency: "USD", color: "var(--chart-1)" },
          { key: "openPositionsValueUsd", label: "Open positions", currency: "USD", color: "var(--chart-3)", dash: "6 3" },
        ]}
      />
    </div>
  );
}
