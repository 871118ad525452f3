import type { Metadata } from "next";
import { ThresholdForm, VelocityLimitForm } from "@/app/(dashboard)/settings/approvals/_components/forms-on-input";
import { ThresholdsTable } from "@/app/(dashboard)/settings/approvals/_components/thresholds-table";
import { VelocityLimitsTable } from "@/app/(dashboard)/settings/approvals/_components/velocity-limits-table";
import { PendingControlChanges } from "@/app/(dashboard)/settings/_components/pending-control-changes";
import { PageHeader } from "@/components/page/page-header";
import { isControlKind, pendingControlChanges } from "@/lib/approvals/controls";
import { findExecutor, listExecutors } from "@/lib/approvals/executors/index";
import { listThresholds } from "@/lib/approvals/queries";
import { listVelocityLimits } from "@/lib/approvals/velocity";
import { requirePagePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Approval limits" };

export default async function ApprovalLimitsPage() {
  const me = await requirePagePermission("settings:manage");
  const [rows, velocity, pending] = await Promise.all([
    listThresholds(me.organizationId),
    listVelocityLimits(me.organizationId),
    pendingControlChanges(me.organizationId, ["control_threshold", "control_velocity"]),
  ]);
  const covered = [...new Set(rows.filter((r) => r.kind === "*").map((r) => r.currency))];
  return (
    <>
      <PageHeader
        title="Approval limits"
        description="Money movements above these amounts wait for a second person with the approver role before anything is sent. Limits apply in both environments."
      />
      <PendingControlChanges items={pending} />
      <div className="grid gap-6">
        {/* Destination changes have no amount and always need approval: no limit applies to them; nor do control changes. */}
        <ThresholdForm kinds={listExecutors().filter((k) => !isControlKind(k.kind) && !findExecutor(k.kind)?.alwaysNeedsApproval)} />
        <p className="text-sm text-muted-foreground" data-testid="thresholds-default-note">
          {covered.length
            ? `Any currency other than ${covered.join(", ")} has no limit, so every amount in it needs approval.`
            : "No currency has a limit for every kind yet, so every amount needs approval unless a kind has its own limit."}{" "}
          A limit for one kind replaces the one for any kind in that currency.
        </p>
        <ThresholdsTable rows={rows} />
        <section className="grid gap-4" aria-labelledby="velocity-heading">
          <h2 id="velocity-heading" className="text-base font-semibold">
            24-hour limits
          </h2>
          <p className="text-sm text-muted-foreground">
            A payment under the limit above still waits for approval when the payments in its currency in the last 24 hours (sent or waiting, this one included)
            pass one of these totals: the whole organization&apos;s, or the requester&apos;s own. Totals are kept per environment.
          </p>
          <VelocityLimitForm />
          <VelocityLimitsTable rows={velocity} />
        </section>
      </div>
    </>
  );
}
