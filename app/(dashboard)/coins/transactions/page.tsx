import type { Metadata } from "next";
import type { SearchParams } from "nuqs/server";
import { ReadError } from "@/components/page/read-error";
import { ListRegion } from "@/components/list/list-region";
import { PageHeader } from "@/components/page/page-header";
import { CoinsTransactionsTable } from "@/app/(dashboard)/coins/_components/transactions/data-table";
import { TransactionsToolbar } from "@/app/(dashboard)/coins/_components/transactions/toolbar";
import { requirePagePermission } from "@/lib/auth/session";
import { loadTransactionFilters } from "@/lib/coins/filters";
import { readBalances, readTransactions } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins transactions" };

export default async function CoinsTransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const me = await requirePagePermission("data:read");
  const filters = await loadTransactionFilters(searchParams);
  const [list, balances] = await Promise.all([readOrProblem(readTransactions(me, filters)), readOrProblem(readBalances(me))]);
  // The asset filter offers the account's assets; without them, only the one already chosen.
  const assets = [...new Set([...(!balances.ok ? [] : balances.data.balances.map((b) => b.asset)), ...(filters.asset ? [filters.asset] : [])])];
  return (
    <>
      <PageHeader
        title="Coins transactions"
        description={`Every credit and debit of the Coins account, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      <ListRegion>
        <TransactionsToolbar assets={assets} />
        {!list.ok ? <ReadError title="Transactions could not load" message={list.message} /> : <CoinsTransactionsTable initial={list.data} filters={filters} />}
      </ListRegion>
    </>
  );
}
