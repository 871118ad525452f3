import type { Metadata } from "next";
import { DepositOptions } from "@/components/coins/deposit-options";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { PageHeader } from "@/components/page/page-header";
import { ListEmptyState } from "@/components/list/empty-state";
import { requirePagePermission } from "@/lib/auth/session";
import { readDepositOptions } from "@/lib/coins/read";
import { UpstreamError } from "@/lib/upstream";

export const metadata: Metadata = { title: "Fiat deposits" };

export default async function CoinsDepositsPage() {
  const me = await requirePagePermission("data:read");
  const view = await readDepositOptions(me).catch((err: unknown) => {
    if (err instanceof UpstreamError) return { error: err.userMessage };
    throw err;
  });
  return (
    <>
      <PageHeader
        title="Fiat deposits"
        description={`Bank accounts that fund the Coins balance, per currency, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
      />
      {"error" in view ? (
        <ReadError title="Deposit options could not load" message={view.error} />
      ) : view.options.length === 0 ? (
        <ListEmptyState testId="coins-deposits-empty" title="No fiat deposit options" hint="The provider offers no bank deposit for this account right now." />
      ) : (
        <div className="grid gap-3">
          <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
          <DepositOptions options={view.options} />
        </div>
      )}
    </>
  );
}
