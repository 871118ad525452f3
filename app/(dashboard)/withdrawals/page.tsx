import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { ListRegion } from "@/components/list/list-region";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { WithdrawalsTable } from "@/app/(dashboard)/withdrawals/_components/data-table";
import { WithdrawalsToolbar } from "@/app/(dashboard)/withdrawals/_components/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { loadWithdrawalFilters } from "@/lib/withdrawals/filters";
import { readWithdrawals } from "@/lib/withdrawals/read";

export const metadata: Metadata = { title: "Withdrawals" };

export default async function WithdrawalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadWithdrawalFilters(searchParams);
  const canCreate = can(me.role, "withdrawal:create");
  const list = await readOrProblem(readWithdrawals(me, filters));
  return (
    <>
      <PageHeader
        title="Withdrawals"
        description={`Stablecoins sent on chain from the withdrawal balance, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          canCreate ? (
            <Link
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              href="/withdrawals/new"
            >
              New withdrawal
            </Link>
          ) : null
        }
      />
      <ListRegion>
        <WithdrawalsToolbar />
        {!list.ok ? (
          <ReadError title="Withdrawals could not load" message={list.message} />
        ) : (
          <WithdrawalsTable initial={list.data} filters={filters} canCreate={canCreate} />
        )}
      </ListRegion>
    </>
  );
}
