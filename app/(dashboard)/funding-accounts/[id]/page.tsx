import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { AccountDeposits } from "@/app/(dashboard)/funding-accounts/_components/account-deposits";
import { FundingAccountDetail } from "@/app/(dashboard)/funding-accounts/_components/account-detail";
import { AccountTimeline } from "@/app/(dashboard)/funding-accounts/_components/account-timeline";
import { ReadError } from "@/components/page/read-error";
import { SimulateDepositForm } from "@/app/(dashboard)/funding-accounts/_components/forms-on-input";
import { sandboxEmulatorUrl } from "@/lib/upstream/emulator-control";
import { PageHeader } from "@/components/page/page-header";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readAccountDeposits, readFundingAccount } from "@/lib/funding-accounts/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";
import { getTimeline } from "@/lib/webhooks/query";

export const metadata: Metadata = { title: "Funding account" };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function FundingAccountPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const back = (
    <Link className="rounded-md border px-3 py-1.5 text-sm hover:bg-accent" href="/funding-accounts">
      Back to funding accounts
    </Link>
  );
  const read = await readOrProblem(readFundingAccount(me, id), { notFound });
  if (!read.ok) {
    return (
      <>
        <PageHeader title="Funding account" actions={back} />
        <ReadError title="This funding account could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  const [deposits, timeline] = await Promise.all([
    readOrProblem(readAccountDeposits(me, id)).then((r) => (r.ok ? { data: r.data, error: null } : { data: null, error: r.message })),
    getTimeline(me.organizationId, me.environment, "funding_account", id),
  ]);
  const { account } = view;
  // The simulator exists only in the sandbox; in production the control is not rendered at all.
  const canSimulate = me.environment === "sandbox" && can(me.role, "funding:create");
  return (
    <>
      <PageHeader title={`Funding account ${account.id.slice(0, 8)}`} description={<span className="font-mono text-xs">{account.id}</span>} actions={back} />
      <div className="grid gap-8">
        <FundingAccountDetail initial={view} canChangeSettlement={can(me.role, "funding:create")} />
        {canSimulate ? (
          <SimulateDepositForm
            accountId={account.id}
            currency={account.rail === "CRYPTO_ADDRESS" ? (account.asset ?? account.currency ?? "USDC") : "NGN"}
            amountOffered={sandboxEmulatorUrl() !== null}
          />
        ) : null}
        <AccountDeposits accountId={account.id} initial={deposits.data} initialError={deposits.error} />
        <AccountTimeline accountId={account.id} initial={timeline} />
      </div>
    </>
  );
}
