import type { Metadata } from "next";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { PageHeader } from "@/components/page/page-header";
import { ProNav } from "@/app/(dashboard)/pro/_components/pro-nav";
import { WithdrawalOptionsList } from "@/app/(dashboard)/pro/_components/withdrawal-options";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readWithdrawalOptions } from "@/lib/pro/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Pro withdrawal options" };

export default async function ProWithdrawalOptionsPage() {
  const me = await requirePagePermission("data:read");
  const view = await readOrProblem(readWithdrawalOptions(me));
  return (
    <>
      <PageHeader
        title="Pro withdrawal options"
        description="The assets and chains the provider's wallet service has enabled for on-chain withdrawals, with their network fees. A rail that is not listed is not offered anywhere in the app."
        actions={<ProNav current="/pro/withdrawal-options" withWebhooks={can(me.role, "settings:manage")} />}
      />
      {!view.ok ? (
        <ReadError title="Withdrawal options could not load" message={view.message} />
      ) : (
        <div className="grid gap-3">
          <StaleNote stale={view.data.stale} fetchedAt={view.data.fetchedAt} synced={view.data.synced} />
          <WithdrawalOptionsList options={view.data.options} />
        </div>
      )}
    </>
  );
}
