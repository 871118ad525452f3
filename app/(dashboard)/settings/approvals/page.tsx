import type { Metadata } from "next";
import { ThresholdForm } from "@/components/approvals/threshold-form";
import { ThresholdsTable } from "@/components/approvals/thresholds-table";
import { PageHeader } from "@/components/page/page-header";
import { isControlKind } from "@/lib/approvals/controls";
import { listExecutors } from "@/lib/approvals/executors/index";
import { listThresholds } from "@/lib/approvals/queries";
import { requirePagePermission } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Approval limits" };

export default async function ApprovalLimitsPage() {
  const me = await requirePagePermission("settings:manage");
  const rows = await listThresholds(me.organizationId);
  const covered = [...new Set(rows.filter((r) => r.kind === "*").map((r) => r.currency))];
  return (
    <>
      <PageHeader
        title="Approval limits"
        description="Money movements above these amounts wait for a second person with the approver role before anything is sent. Limits apply in both environments."
      />
      <div className="grid gap-6">
        <ThresholdForm kinds={listExecutors().filter((k) => !isControlKind(k.kind))} />
        <p className="text-sm text-muted-foreground" data-testid="thresholds-default-note">
          {covered.length
            ? `Any currency other than ${covered.join(", ")} has no limit, so every amount in it needs approval.`
            : "No currency has a limit for every kind yet, so every amount needs approval unless a kind has its own limit."}{" "}
          A limit for one kind replaces the one for any kind in that currency.
        </p>
        <ThresholdsTable rows={rows} />
      </div>
    </>
  );
}
