import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { AccountDeposits } from "@/app/(dashboard)/funding-accounts/_components/account-deposits";
import { FundingAccountDetail } from "@/app/(dashboard)/funding-accounts/_components/account-detail";
import { AccountTimeline } from "@/app/(dashboard)/funding-accounts/_components/account-timeline";
import { ReadError } from "@/components/page/read-error";
import { SimulateDepositForm } from "@/app/(dashboard)/funding-accounts/_components/simulate-deposit-form";
import { sandboxEmulatorUrl } from "@/lib/upstream/emulator-control";
import { PageHeader } from "@/components/page/page-header";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readAccountDeposits, readFundingAccount } from "@/lib/funding-accounts/read";
import { UpstreamError } from "@/lib/upstream";
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
  let view;
  try {
    view = await readFundingAccount(me, id);
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === "not_found") notFound();
    if (!(err instanceof UpstreamError)) throw err;
    return (
      <>
        <PageHeader title="Funding account" actions={back} />
        <ReadError title="This funding account could not load" message={err.userMessage} />
      </>
    );
  }
  const [deposits, timeline] = await Promise.all([
    readAccountDeposits(me, id).then(
      (d) => ({ data: d, error: null }),
      (err: unknown) => {
        if (err instanceof UpstreamError) return { data: null, error: err.userMessage };
        throw err;
      },
    ),
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
