import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ListRegion } from "@/components/list/list-region";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { TransfersTable } from "@/app/(dashboard)/transfers/_components/data-table";
import { TransfersToolbar } from "@/app/(dashboard)/transfers/_components/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadTransferFilters } from "@/lib/transfers/filters";
import { readTransfers } from "@/lib/transfers/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Transfers" };

export default async function TransfersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadTransferFilters(searchParams);
  const canCreate = can(me.role, "transfer:create");
  const list = await readOrProblem(readTransfers(me, filters));
  return (
    <>
      <PageHeader
        title="Transfers"
        description={`Payouts from the withdrawal balance to recipients, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          canCreate ? (
            <Link
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              href="/transfers/new"
            >
              New transfer
            </Link>
          ) : null
        }
      />
      <ListRegion>
        <TransfersToolbar />
        {!list.ok ? (
          <ReadError title="Transfers could not load" message={list.message} />
        ) : (
          <TransfersTable initial={list.data} filters={filters} canCreate={canCreate} />
        )}
      </ListRegion>
    </>
  );
}
