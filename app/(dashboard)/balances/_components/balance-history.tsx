/**
 * Balance over time (server component): the series derived from the current balances, the moves
 * the provider lists and the events this app stored, as two charts (USD, NGN). The range is in the
 * URL (`?range=7d|30d|90d`).
 */
import { Skeleton } from "@/components/ui/skeleton";
import { readSeries, type ChartRange, type Tenant } from "@/lib/balances/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { RelativeTime } from "@/components/ui/relative-time";
import { BalanceChart } from "@/components/page/balance-chart";
import { ChartRetryButton } from "@/components/page/chart-retry-button";
import { CHART_RANGE_LABELS as LABELS } from "@/components/page/chart-range";

export function BalanceHistorySkeleton() {
  return (
    <div aria-busy="true" className="grid gap-2">
      <span className="sr-only">Loading the balance chart…</span>
      <Skeleton className="h-52 w-full" />
    </div>
  );
}

export async function BalanceHistory({ tenant, range, zone }: { tenant: Tenant; range: ChartRange; zone: string }) {
  const read = await readOrProblem(readSeries(tenant, range), {
    unexpected: { message: "The balance chart could not be built. Try again in a moment.", log: "balance history failed" },
  });
  if (!read.ok) {
    return (
      <div role="alert" className="grid gap-2 text-sm" data-testid="balance-history-error">
        <p className="text-destructive">{read.message}</p>
        <div>
          <ChartRetryButton />
        </div>
      </div>
    );
  }
  const series = read.data;
  const { points, changes, bucketMs } = series.data;
  return (
    <div className="grid gap-6">
      {series.stale ? (
        <p className="text-xs text-muted-foreground" data-testid="balance-history-stale">
          Built from figures as of <RelativeTime value={series.fetchedAt} />: the provider could not be reached.
        </p>
      ) : null}
      {changes === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="balance-history-empty">
          No balance changes in the last {LABELS[range]}. The lines stay flat at today&apos;s balances.
        </p>
      ) : null}
      {bucketMs ? (
        <p className="text-xs text-muted-foreground" data-testid="balance-history-bucketed">
          {changes.toLocaleString("en-GB")} changes in this range: each point shows the balances at the end of a period of about{" "}
          {bucketMs >= 86_400_000 ? `${Math.round(bucketMs / 86_400_000)} days` : `${Math.max(1, Math.round(bucketMs / 3_600_000))} hours`}.
        </p>
      ) : null}
      <BalanceChart
        id="chart-usd"
        title={`USD balances over the last ${LABELS[range]}`}
        points={points}
        zone={zone}
        series={[
          { key: "collectionUsd", label: "Collection", currency: "USD", color: "var(--chart-3)" },
          { key: "withdrawalUsd", label: "Withdrawal (USD)", currency: "USD", color: "var(--chart-1)", dash: "6 3" },
        ]}
      />
      {points[0]?.withdrawalNgn != null ? (
        <BalanceChart
          id="chart-ngn"
          title={`NGN withdrawal balance over the last ${LABELS[range]}`}
          points={points}
          zone={zone}
          series={[{ key: "withdrawalNgn", label: "Withdrawal (NGN)", currency: "NGN", color: "var(--chart-2)" }]}
        />
      ) : null}
    </div>
  );
}
