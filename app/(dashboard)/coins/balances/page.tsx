import type { Metadata } from "next";
import { ReadError } from "@/components/page/read-error";
import { PageHeader } from "@/components/page/page-header";
import { CoinsBalancesTable } from "@/app/(dashboard)/coins/_components/balances/data-table";
import { requirePagePermission } from "@/lib/auth/session";
import { readBalances } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Coins balances" };

export default async function CoinsBalancesPage() {
  const me = await requirePagePermission("data:read");
  const view = await readOrProblem(readBalances(me));
  return (
    <>
      <PageHeader
        title="Coins balances"
        description={`What the Coins account holds and what it is worth in US dollars, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      {!view.ok ? <ReadError title="Balances could not load" message={view.message} /> : <CoinsBalancesTable initial={view.data} />}
    </>
  );
}
