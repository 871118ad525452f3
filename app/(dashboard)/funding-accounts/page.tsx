import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { QuotaMeter } from "@/app/(dashboard)/funding-accounts/_components/quota-meter";
import { ListRegion } from "@/components/list/list-region";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { FundingAccountsTable } from "@/app/(dashboard)/funding-accounts/_components/data-table";
import { FundingAccountsToolbar } from "@/app/(dashboard)/funding-accounts/_components/toolbar";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { loadFundingAccountFilters } from "@/lib/funding-accounts/filters";
import { readQuota } from "@/lib/funding-accounts/quota";
import { readCustomers, readFundingAccounts } from "@/lib/funding-accounts/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Funding accounts" };

export default async function FundingAccountsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadFundingAccountFilters(searchParams);
  const canCreate = can(me.role, "funding:create");
  const [list, customers, quota] = await Promise.all([
    readOrProblem(readFundingAccounts(me, filters)),
    // The customer filter is a nicety: without the customers the list still works.
    readOrProblem(readCustomers(me)).then((r) => (r.ok ? r.data : null)),
    readQuota(me),
  ]);
  return (
    <>
      <PageHeader
        title="Funding accounts"
        description={`Bank accounts and wallet addresses your customers pay into, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          canCreate ? (
            <Link
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              href="/funding-accounts/new"
            >
              New funding account
            </Link>
          ) : null
        }
      />
      <QuotaMeter usage={quota} />
      <ListRegion>
        <FundingAccountsToolbar customers={customers?.customers ?? []} />
        {!list.ok ? (
          <ReadError title="Funding accounts could not load" message={list.message} />
        ) : (
          <FundingAccountsTable initial={list.data} filters={filters} canCreate={canCreate} />
        )}
      </ListRegion>
    </>
  );
}
