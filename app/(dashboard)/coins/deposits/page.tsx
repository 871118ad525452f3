import type { Metadata } from "next";
import { DepositOptions } from "@/app/(dashboard)/coins/_components/deposit-options";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { PageHeader } from "@/components/page/page-header";
import { ListEmptyState } from "@/components/list/empty-state";
import { requirePagePermission } from "@/lib/auth/session";
import { readDepositOptions } from "@/lib/coins/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Fiat deposits" };

export default async function CoinsDepositsPage() {
  const me = await requirePagePermission("data:read");
  const view = await readOrProblem(readDepositOptions(me));
  return (
    <>
      <PageHeader
        title="Fiat deposits"
        description={`Bank accounts that fund the Coins balance, per currency, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      {!view.ok ? (
        <ReadError title="Deposit options could not load" message={view.message} />
      ) : view.data.options.length === 0 ? (
        <ListEmptyState testId="coins-deposits-empty" title="No fiat deposit options" hint="The provider offers no bank deposit for this account right now." />
      ) : (
        <div className="grid gap-3">
          <StaleNote stale={view.data.stale} fetchedAt={view.data.fetchedAt} synced={view.data.synced} />
          <DepositOptions options={view.data.options} />
        </div>
      )}
    </>
  );
}
