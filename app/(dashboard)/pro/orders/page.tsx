import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { CancelAllButton } from "@/app/(dashboard)/pro/_components/cancel-all-button";
import { ProNav } from "@/app/(dashboard)/pro/_components/pro-nav";
import { ProOrdersTable } from "@/app/(dashboard)/pro/_components/orders/data-table";
import { ProOrdersToolbar } from "@/app/(dashboard)/pro/_components/orders/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadProOrderFilters } from "@/lib/pro/filters";
import { readProOrders, tradeAccess } from "@/lib/pro/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Pro orders" };

export default async function ProOrdersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadProOrderFilters(searchParams);
  const [access, list] = await Promise.all([tradeAccess(me), readOrProblem(readProOrders(me, filters))]);
  return (
    <>
      <PageHeader
        title="Pro orders"
        description={`Working orders and the order history of the Pro surface, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={<ProNav current="/pro/orders" withWebhooks={can(me.role, "settings:manage")} />}
      />
      <ListRegion>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ProOrdersToolbar />
          {access.allowed && filters.view === "open" && list.ok ? <CancelAllButton count={list.data.total} /> : null}
        </div>
        {!access.allowed && access.reason ? (
          <p className="mb-3 text-sm text-muted-foreground" data-testid="pro-trade-reason">
            {access.reason}
          </p>
        ) : null}
        {!list.ok ? (
          <ReadError title="Pro orders could not load" message={list.message} />
        ) : (
          <ProOrdersTable initial={list.data} filters={filters} canTrade={access.allowed} />
        )}
      </ListRegion>
    </>
  );
}
