"use client";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { useLiveList } from "@/components/list/use-live-list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { type TransferFilters, serializeTransferFilters } from "@/lib/transfers/filters";
import type { TransferListView, TransferRow } from "@/lib/transfers/views";

const columns: Column<TransferRow>[] = [
  {
    key: "reference",
    header: "Reference",
    cell: ({ transfer: t }) => (
      <Link href={`/transfers/${t.id}`} className="text-sm underline-offset-4 hover:underline focus-visible:underline">
        {t.reference || t.id.slice(0, 8)}
        <span className="sr-only"> transfer {t.id}</span>
      </Link>
    ),
  },
  {
    key: "recipient",
    header: "Recipient",
    className: "text-sm",
    cell: ({ transfer: t, recipient }) => recipient ?? <span className="font-mono text-xs">{t.recipient?.id ?? "—"}</span>,
  },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: ({ transfer: t }) => formatMoney(t.amount, t.currency) },
  {
    key: "debited",
    header: "Debited",
    numeric: true,
    className: "text-sm",
    cell: ({ transfer: t }) => (t.debit_amount ? formatMoney(t.debit_amount, t.debit_currency ?? "USD") : "—"),
  },
  { key: "status", header: "Status", cell: ({ transfer: t }) => <StatusBadge status={t.status} /> },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: ({ transfer: t }) => <DateTime value={t.created_at ?? null} /> },
];

/**
 * The transfers for the URL's filter: hydrated by the server's read, refreshed when the live stream
 * reports a transfer change (or by polling while the stream is down).
 */
export function TransfersTable({ initial, filters, canCreate }: { initial: TransferListView; filters: TransferFilters; canCreate: boolean }) {
  const query = serializeTransferFilters(filters);
  const { data: view, refresh } = useLiveList({
    kind: "transfer",
    query,
    url: `/api/transfers${query}`,
    initial,
    errorMessage: "The transfers could not be loaded. Try again in a moment.",
  });
  const filtered = Boolean(filters.status);
  return (
    <DataList
      caption="Transfers, newest first"
      columns={columns}
      rows={view.rows}
      rowKey={(r) => r.transfer.id}
      rowProps={(r) => ({ "data-testid": "transfer-row", "data-id": r.transfer.id })}
      stale={view}
      refresh={refresh}
      empty={
        <ListEmptyState
          testId="transfers-empty"
          title={filtered ? "No transfers match this filter" : "No transfers yet"}
          hint={
            filtered
              ? "Clear the filter to see more."
              : canCreate
                ? "Send one to pay a recipient from the withdrawal balance."
                : "Transfers sent by your team appear here."
          }
          action={!filtered && canCreate ? <ListEmptyLink href="/transfers/new">New transfer</ListEmptyLink> : undefined}
        />
      }
      pager={
        <Pager
          label="Transfer pages"
          noun={["transfer", "transfers"]}
          page={view.page}
          pages={view.pages}
          total={view.total}
          to={(page) => serializeTransferFilters("/transfers", { ...filters, page })}
        />
      }
    />
  );
}
