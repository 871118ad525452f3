"use client";
import { Link } from "@/components/ui/link";
import type * as React from "react";
import { VelocityUsageLine } from "@/components/page/velocity-usage";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { type Column, DataList } from "@/components/list/data-list";
import type { ApprovalRow } from "@/lib/approvals/queries";
import type { WaitingReviewRow } from "@/lib/review/waiting";
import { STATUS_LABEL } from "@/lib/approvals/filters";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatMoney } from "@/lib/money";

const STATUS_VARIANT: Record<ApprovalRow["status"], BadgeProps["variant"]> = {
  pending: "warning",
  approved: "secondary",
  sent: "success",
  failed: "destructive",
  rejected: "destructive",
  expired: "outline",
  cancelled: "outline",
};

export function StatusBadge({ status }: { status: ApprovalRow["status"] }) {
  return <Badge variant={STATUS_VARIANT[status] ?? "secondary"}>{STATUS_LABEL[status] ?? status}</Badge>;
}

/** What the inbox lists: an approval request, or a deposit review decision awaiting a second approver. */
export type InboxRow = ApprovalRow | WaitingReviewRow;

export const isReview = (r: InboxRow): r is WaitingReviewRow => "depositId" in r;

/** "23 h 5 min" left: a countdown in hours and minutes, not calendar words like "tomorrow". */
export function formatCountdown(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "less than a minute";
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/** "Expires in 3 h 0 min", or "Expired" once the time has passed (the next read marks it expired). */
function Expiry({ at }: { at: string }) {
  return (
    <RelativeTime
      value={at}
      describe={(left) => (left > 0 ? `Expires in ${formatCountdown(left)}` : "Expired")}
      before={(absolute) => `Expires ${absolute}`}
      tone={(left) => (left < 60 * 60 * 1000 ? "font-medium text-destructive" : undefined)}
    />
  );
}

function Decision({ r }: { r: ApprovalRow }) {
  return (
    <>
      <StatusBadge status={r.status} />
      {r.decidedBy && r.status !== "cancelled" ? (
        <div className="mt-1 text-xs text-muted-foreground">
          {r.status === "rejected" ? "Rejected" : "Approved"} by {r.decidedBy.name}
          {r.decidedAt ? (
            <>
              , <RelativeTime value={r.decidedAt} />
            </>
          ) : null}
        </div>
      ) : null}
      {r.decisionNote ? <div className="mt-1 text-xs break-words">&ldquo;{r.decisionNote}&rdquo;</div> : null}
      {r.error ? (
        <div className="mt-1 text-xs break-words text-destructive" data-testid="approval-error">
          {r.error}
        </div>
      ) : null}
      {r.resourceId ? (
        <div className="mt-1 font-mono text-xs text-muted-foreground">
          Reference{" "}
          {r.resourceHref ? (
            <Link href={r.resourceHref} className="underline underline-offset-4 hover:text-foreground" data-testid="approval-resource-link">
              {r.resourceId}
            </Link>
          ) : (
            r.resourceId
          )}
        </div>
      ) : null}
    </>
  );
}

/** A review decision's request: what was decided, on which deposit (its page), and why. */
function ReviewRequest({ r }: { r: WaitingReviewRow }) {
  return (
    <>
      <div className="font-medium">{r.summary}</div>
      <Link
        href={`/deposits/${encodeURIComponent(r.depositId)}`}
        className="font-mono text-xs text-muted-foreground underline underline-offset-4 hover:text-foreground"
        data-testid="review-deposit-link"
      >
        Open deposit {r.depositId}
      </Link>
      <div className="mt-1 line-clamp-2 text-xs break-words">&ldquo;{r.reason}&rdquo;</div>
    </>
  );
}

function columnsFor(show: "open" | "history", actions?: (row: InboxRow) => React.ReactNode): Column<InboxRow>[] {
  const columns: Column<InboxRow>[] = [
    {
      key: "request",
      header: "Request",
      className: "max-w-96",
      cell: (r) =>
        isReview(r) ? (
          <ReviewRequest r={r} />
        ) : (
          <>
            <div className="font-medium">{r.summary}</div>
            {r.velocity ? (
              <VelocityUsageLine
                usage={{ currency: r.currency, ...r.velocity }}
                currency={r.currency}
                requesterLabel={`by ${r.requestedBy?.name ?? "the requester"}`}
              />
            ) : null}
          </>
        ),
    },
    { key: "kind", header: "Kind", className: "text-sm", cell: (r) => <span data-testid="approval-kind">{r.kindLabel}</span> },
    // A destination or control change has no amount: nothing to show.
    { key: "amount", header: "Amount", numeric: true, cell: (r) => (r.amount === "0" || r.currency === "CONTROL" ? "—" : formatMoney(r.amount, r.currency)) },
    { key: "by", header: "Requested by", className: "text-sm", cell: (r) => (r.requestedBy ? r.requestedBy.name : "A former team member") },
    {
      key: "when",
      header: show === "open" ? "Age and expiry" : "When",
      className: "text-sm whitespace-nowrap",
      cell: (r) => (
        <>
          <div>
            <RelativeTime value={r.createdAt} />
          </div>
          {show === "open" && !isReview(r) && r.status === "pending" ? (
            <div className="text-xs">
              <Expiry at={r.expiresAt} />
            </div>
          ) : null}
        </>
      ),
    },
    {
      key: "status",
      header: "Status",
      className: "max-w-80 text-sm",
      cell: (r) => (isReview(r) ? <Badge variant="warning">Awaiting a second approver</Badge> : <Decision r={r} />),
    },
  ];
  if (actions) columns.push({ key: "actions", header: "Actions", className: "text-right", headerAlign: "right", cell: actions });
  return columns;
}

/**
 * One list of approval requests. `actions` renders the buttons a row offers the viewer; the
 * columns stay the same in every section so the inbox reads as one table style.
 */
export function ApprovalsTable({
  rows,
  caption,
  actions,
  show = "open",
  testId,
  empty,
  pager,
}: {
  rows: InboxRow[];
  caption: string;
  actions?: (row: InboxRow) => React.ReactNode;
  /** "open": expiry countdown; "history": the decision and outcome. */
  show?: "open" | "history";
  testId: string;
  empty: React.ReactNode;
  pager?: React.ReactNode;
}) {
  return (
    <DataList
      caption={caption}
      columns={columnsFor(show, actions)}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) =>
        isReview(r)
          ? { "data-testid": "review-row", "data-decision-id": r.id, "data-kind": r.kind }
          : { "data-testid": "approval-row", "data-request-id": r.id, "data-status": r.status, "data-kind": r.kind }
      }
      empty={empty}
      pager={pager}
      testId={testId}
    />
  );
}
