"use client";
import { useRouter } from "next/navigation";
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { ConfirmAction } from "@/components/forms/confirm-action";
import { Button } from "@/components/ui/button";
import { setApprovalThreshold } from "@/lib/approvals/set-threshold";
import type { ThresholdRow } from "@/lib/approvals/queries";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

function RemoveThreshold({ row }: { row: ThresholdRow }) {
  const router = useRouter();
  const [open, setOpen] = React.useState(false);
  const [pending, start] = React.useTransition();
  const [error, setError] = React.useState<string | null>(null);
  const scope = row.kind === "*" ? "any kind of movement" : row.kindLabel.toLowerCase();
  return (
    <ConfirmAction
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(null);
      }}
      trigger={
        <Button variant="outline" size="sm" aria-label={`Remove the ${row.currency} limit for ${scope}`}>
          Remove
        </Button>
      }
      title={
        <>
          Remove the {row.currency} limit for {scope}?
        </>
      }
      description={
        row.kind === "*"
          ? `Every ${row.currency} movement without a limit of its own will then need a second approver, whatever the amount.`
          : `${row.kindLabel} in ${row.currency} then follows the limit for any kind, or needs approval for every amount if there is none.`
      }
      error={error}
      cancel="Keep it"
      confirm="Remove limit"
      pending={pending}
      pendingLabel="Removing…"
      destructive
      onConfirm={() =>
        start(async () => {
          const r = await answerOrFailure(setApprovalThreshold({ currency: row.currency, kind: row.kind, remove: true }));
          if (!r.ok) return setError(r.error);
          if ("status" in r.data && r.data.status === "pending_approval") toast.info(`${r.data.summary}: ${r.data.message}`, { duration: 10_000 });
          else toast.success(`Removed the ${row.currency} limit for ${scope}.`);
          setOpen(false);
          router.refresh();
        })
      }
    />
  );
}

const columns: Column<ThresholdRow>[] = [
  { key: "currency", header: "Currency", className: "font-medium", cell: (r) => r.currency },
  { key: "kind", header: "Applies to", cell: (r) => (r.kind === "*" ? "Any kind of movement" : r.kindLabel) },
  { key: "amount", header: "Approval needed above", numeric: true, cell: (r) => formatMoney(r.amount, r.currency) },
  {
    key: "changed",
    header: "Last changed",
    className: "text-sm text-muted-foreground",
    cell: (r) => (
      <>
        <DateTime value={r.updatedAt} />
        {r.updatedBy ? ` by ${r.updatedBy}` : ""}
      </>
    ),
  },
  { key: "actions", header: "Actions", headerAlign: "right", className: "text-right", cell: (r) => <RemoveThreshold row={r} /> },
];

export function ThresholdsTable({ rows }: { rows: ThresholdRow[] }) {
  return (
    <DataList
      testId="thresholds-table"
      caption="Approval limits per currency and kind"
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.kind}:${r.currency}`}
      rowProps={(r) => ({ "data-testid": "threshold-row", "data-currency": r.currency, "data-kind": r.kind })}
      empty={
        <ListEmptyState
          testId="thresholds-empty"
          title="No limits set"
          hint="Until you set one, every transfer, withdrawal and balance move in every currency needs a second approver."
        />
      }
    />
  );
}
