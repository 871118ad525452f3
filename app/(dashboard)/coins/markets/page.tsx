import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { MarketsTable } from "@/app/(dashboard)/coins/_components/markets/data-table";
import { MarketsToolbar } from "@/app/(dashboard)/coins/_components/markets/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadMarketFilters } from "@/lib/coins/filters";
import { assetOptions } from "@/lib/coins/markets";
import { readMarkets } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins markets" };

export default async function CoinsMarketsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadMarketFilters(searchParams);
  const view = await readOrProblem(readMarkets(me, filters));
  const options = !view.ok ? { base: [], quote: [] } : assetOptions(view.data.all);
  return (
    <>
      <PageHeader
        title="Markets"
        description={`Coins prices, fees and minimum order sizes, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      <ListRegion>
        <MarketsToolbar base={options.base} quote={options.quote} />
        {!view.ok ? (
          <ReadError title="Markets could not load" message={view.message} />
        ) : (
          <MarketsTable initial={view.data} filters={filters} canTrade={can(me.role, "order:trade")} />
        )}
      </ListRegion>
    </>
  );
}
