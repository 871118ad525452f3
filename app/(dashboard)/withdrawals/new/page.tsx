import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { PageHeader } from "@/components/page/page-header";
import { CreateWithdrawalForm } from "@/app/(dashboard)/withdrawals/_components/forms-on-input";
import { loadVelocityUsage } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";
import { readBalances } from "@/lib/balances/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "New withdrawal" };

export default async function NewWithdrawalPage() {
  const me = await requirePagePermission("withdrawal:create");
  const velocity = await loadVelocityUsage(me);
  // The form works without the balance (the provider checks it); it then says why it is missing.
  const balances = await readOrProblem(readBalances(me)).then((r) =>
    r.ok ? { value: r.data, error: null } : { value: null, error: `${r.message} The provider still checks the amount.` },
  );
  return (
    <>
      <PageHeader
        title="New withdrawal"
        description={`Send stablecoins on chain from the USD withdrawal balance, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
        actions={
          <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/withdrawals">
            Back to withdrawals
          </Link>
        }
      />
      <CreateWithdrawalForm initialBalances={balances.value} balancesError={balances.error} velocity={velocity} />
    </>
  );
}
