import type { Metadata } from "next";
import { Suspense } from "react";
import { isChartRange, RangeLinks } from "@/components/page/chart-range";
import { PageHeader } from "@/components/page/page-header";
import { PortfolioHistory, PortfolioHistorySkeleton } from "@/app/(dashboard)/stocks/_components/portfolio-history";
import { PortfolioView } from "@/app/(dashboard)/stocks/_components/portfolio-view";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { requirePagePermission } from "@/lib/auth/session";
import { readPortfolio } from "@/lib/stocks/read";
import type { PortfolioView as View } from "@/lib/stocks/views";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { viewerTimeZone } from "@/lib/time-zone/current";

export const metadata: Metadata = { title: "Stock portfolio" };

export default async function StockPortfolioPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const raw = await searchParams;
  const rangeRaw = Array.isArray(raw.range) ? raw.range[0] : raw.range;
  const range = isChartRange(rangeRaw) ? rangeRaw : "30d";
  // Read (and snapshot) before the chart streams, so its last point is this read.
  const portfolio = await readOrProblem(readPortfolio(me), {
    unexpected: { message: "The portfolio could not be loaded. Try again in a moment.", log: "stocks: portfolio read failed" },
  });
  const initial: View | null = portfolio.ok ? portfolio.data : null;
  const initialError = portfolio.ok ? null : portfolio.message;
  return (
    <>
      <PageHeader
        title="Stock portfolio"
        description={`The tokenized-stock wallet at the provider (${me.environment === "production" ? "production" : "sandbox"}): cash, positions and their value.`}
      />
      <div className="grid gap-6">
        <PortfolioView initial={initial} initialError={initialError} />
        <Card>
          <CardHeader layout="row">
            <div className="grid gap-1.5">
              <CardTitle>
                <h2>Value over time</h2>
              </CardTitle>
              <CardDescription>The portfolio&apos;s total value and open positions value as this app recorded them.</CardDescription>
            </div>
            <RangeLinks range={range} page={1} />
          </CardHeader>
          <CardContent>
            <Suspense key={range} fallback={<PortfolioHistorySkeleton />}>
              <PortfolioHistory tenant={me} range={range} zone={(await viewerTimeZone(me)).zone} />
            </Suspense>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
