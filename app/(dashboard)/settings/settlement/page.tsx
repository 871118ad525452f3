import type { Metadata } from "next";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { PageHeader } from "@/components/page/page-header";
import { SettlementDestinationCard } from "@/app/(dashboard)/settings/settlement/_components/destination-form";
import { FundingConfig } from "@/app/(dashboard)/settings/settlement/_components/funding-config";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { readMerchantFunding } from "@/lib/settlement/read";
import { readOrProblem } from "@/lib/upstream/read-or-problem";

export const metadata: Metadata = { title: "Settlement destination" };

export default async function SettlementPage() {
  const me = await requirePagePermission("data:read");
  const header = (
    <PageHeader
      title="Settlement destination"
      description={`Your merchant funding configuration and where NGN deposits settle, in ${me.environment === "production" ? "production" : "the sandbox"}.`}
    />
  );
  const read = await readOrProblem(readMerchantFunding(me));
  if (!read.ok) {
    return (
      <>
        {header}
        <ReadError title="The funding configuration could not load" message={read.message} />
      </>
    );
  }
  const view = read.data;
  const { funding } = view;
  return (
    <>
      {header}
      <div className="grid gap-6">
        <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} synced={view.synced} />
        <SettlementDestinationCard
          // Remounted when the provider's setting changes, so the form starts from the new value.
          key={funding.ngn_settlement_destination ?? "none"}
          current={funding.ngn_settlement_destination ?? null}
          canChange={can(me.role, "settings:manage")}
          hasNgnAccount={Boolean(funding.ngn_account)}
        />
        <FundingConfig funding={funding} />
      </div>
    </>
  );
}
