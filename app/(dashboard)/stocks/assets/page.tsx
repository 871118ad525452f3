import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { AssetsTable } from "@/app/(dashboard)/stocks/_components/assets/data-table";
import { AssetsToolbar } from "@/app/(dashboard)/stocks/_components/assets/toolbar";
import { requirePagePermission } from "@/lib/auth/session";
import { loadAssetFilters } from "@/lib/stocks/filters";
import { readAssets } from "@/lib/stocks/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Stock assets" };

export default async function StockAssetsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadAssetFilters(searchParams);
  const list = await readOrProblem(readAssets(me, filters));
  return (
    <>
      <PageHeader
        title="Stock assets"
        description={`Tokenized US stocks and ETFs the provider offers (${me.environment === "production" ? "production" : "sandbox"}): price, market hours, order size and risk. Open one for its legal disclosures.`}
      />
      <ListRegion>
        <AssetsToolbar />
        {!list.ok ? <ReadError title="The assets could not load" message={list.message} /> : <AssetsTable initial={list.data} filters={filters} />}
      </ListRegion>
    </>
  );
}
