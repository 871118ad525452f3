/** The chart range links (`?range=7d|30d|90d`), shared by the balances and stocks history charts. */
import { Link } from "@/components/ui/link";
import { CHART_RANGES, type ChartRange } from "@/lib/balances/read";
import { cn } from "@/lib/utils";

export const CHART_RANGE_LABELS: Record<ChartRange, string> = { "7d": "7 days", "30d": "30 days", "90d": "90 days" };

export function isChartRange(v: unknown): v is ChartRange {
  return typeof v === "string" && Object.hasOwn(CHART_RANGES, v);
}

export function RangeLinks({ range, page }: { range: ChartRange; page: number }) {
  return (
    <nav aria-label="Chart range" className="flex gap-1 text-sm">
      {(Object.keys(CHART_RANGES) as ChartRange[]).map((r) => (
        <Link
          key={r}
          href={{ query: { range: r, ...(page > 1 ? { page } : {}) } }}
          scroll={false}
          aria-current={r === range ? "page" : undefined}
          className={cn(
            "rounded-md border px-2.5 py-1 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            r === range && "bg-accent font-medium",
          )}
        >
          {CHART_RANGE_LABELS[r]}
        </Link>
      ))}
    </nav>
  );
}
