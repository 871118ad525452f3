import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RequestActions } from "@/app/(dashboard)/approvals/_components/request-actions";
import { PageHeader } from "@/components/page/page-header";
import { Link } from "@/components/ui/link";
import { loadRequest } from "@/lib/approvals/queries";
import { STATUS_LABEL } from "@/lib/approvals/schemas";
import { requirePagePermission } from "@/lib/auth/session";
import { formatMoney } from "@/lib/money";

export const metadata: Metadata = { title: "Approval request" };

/** One request, where a notification mail's link lands: what it is, its state, and the viewer's buttons. */
export default async function ApprovalRequestPage({ params }: { params: Promise<{ id: string }> }) {
  const me = await requirePagePermission("data:read");
  const row = await loadRequest(me, (await params).id);
  if (!row) notFound();
  const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");
  return (
    <>
      <PageHeader
        title={row.summary}
        description={
          <>
            {row.kindLabel}, requested by {row.requestedBy?.name ?? "a former teammate"}.{" "}
            <Link href="/approvals" className="underline underline-offset-4">
              All approvals
            </Link>
          </>
        }
      />
      <dl className="grid max-w-xl grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm" data-testid="approval-request">
        <dt className="text-muted-foreground">Status</dt>
        <dd data-testid="approval-status">{STATUS_LABEL[row.status]}</dd>
        {row.kind.startsWith("control_") ? null : (
          <>
            <dt className="text-muted-foreground">Amount</dt>
            <dd>{formatMoney(row.amount, row.currency)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">Requested</dt>
        <dd>{when(row.createdAt)}</dd>
        <dt className="text-muted-foreground">{row.status === "pending" ? "Expires" : "Decided"}</dt>
        <dd>{row.status === "pending" ? when(row.expiresAt) : when(row.decidedAt)}</dd>
        {row.decidedBy ? (
          <>
            <dt className="text-muted-foreground">Decided by</dt>
            <dd>{row.decidedBy.name}</dd>
          </>
        ) : null}
        {row.error ? (
          <>
            <dt className="text-muted-foreground">Provider&apos;s answer</dt>
            <dd>{row.error}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-6 flex max-w-xl justify-start">
        <RequestActions row={row} />
      </div>
    </>
  );
}
