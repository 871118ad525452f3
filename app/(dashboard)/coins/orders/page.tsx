import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { Link } from "@/components/ui/link";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { CoinsOrdersTable } from "@/app/(dashboard)/coins/_components/orders/data-table";
import { OrdersToolbar } from "@/app/(dashboard)/coins/_components/orders/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadOrderFilters } from "@/lib/coins/filters";
import { readMarkets, readOrders } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins orders" };

const uniq = (values: string[]) => [...new Set(values)].sort();

export default async function CoinsOrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadOrderFilters(searchParams);
  const canTrade = can(me.role, "order:trade");
  const [list, markets] = await Promise.all([readOrProblem(readOrders(me, filters)), readOrProblem(readMarkets(me, {}))]);
  // The asset filters offer the markets' assets; without markets, only the one already chosen.
  const all = !markets.ok ? [] : markets.data.all;
  const bases = uniq([...all.map((m) => m.base_asset), ...(filters.base_asset ? [filters.base_asset] : [])]);
  const quotes = uniq([...all.map((m) => m.quote_asset), ...(filters.quote_asset ? [filters.quote_asset] : [])]);
  return (
    <>
      <PageHeader
        title="Coins orders"
        description={`Buy and sell orders on the Coins markets, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          canTrade ? (
            <Link
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              href="/coins/orders/new"
            >
              New order
            </Link>
          ) : null
        }
      />
      <ListRegion>
        <OrdersToolbar bases={bases} quotes={quotes} />
        {!list.ok ? (
          <ReadError title="Orders could not load" message={list.message} />
        ) : (
          <CoinsOrdersTable initial={list.data} filters={filters} canTrade={canTrade} />
        )}
      </ListRegion>
    </>
  );
}
