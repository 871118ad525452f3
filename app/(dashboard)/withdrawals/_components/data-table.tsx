"use client";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { useLiveList } from "@/components/list/use-live-list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { serializeWithdrawalFilters, type WithdrawalFilters } from "@/lib/withdrawals/filters";
import type { WithdrawalListView } from "@/lib/withdrawals/views";

type Row = WithdrawalListView["rows"][number];

const shortAddress = (a: string | null | undefined) => (a ? `${a.slice(0, 8)}…${a.slice(-4)}` : "—");

const columns: Column<Row>[] = [
  {
    key: "id",
    header: "Withdrawal",
    cell: (w) => (
      <Link href={`/withdrawals/${w.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
        {w.id.slice(0, 8)}
        <span className="sr-only"> withdrawal {w.id}</span>
      </Link>
    ),
  },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: (w) => formatMoney(w.amount_usd, "USD") },
  { key: "fee", header: "Fee", numeric: true, className: "text-sm", cell: (w) => formatMoney(w.fee_usd, "USD") },
  { key: "token", header: "Token and chain", className: "text-sm", cell: (w) => [w.token, w.chain].filter(Boolean).join(" on ") || "—" },
  {
    key: "destination",
    header: "Destination",
    className: "font-mono text-xs",
    cell: (w) => <span title={w.destination_address ?? undefined}>{shortAddress(w.destination_address)}</span>,
  },
  { key: "status", header: "Status", cell: (w) => <StatusBadge status={w.status} /> },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: (w) => <DateTime value={w.created_at ?? null} /> },
];

/**
 * The withdrawals for the URL's status and page: hydrated by the server's read, refreshed when the
 * live stream reports a withdrawal event (or by polling while the stream is down).
 */
export function WithdrawalsTable({ initial, filters, canCreate }: { initial: WithdrawalListView; filters: WithdrawalFilters; canCreate: boolean }) {
  const query = serializeWithdrawalFilters(filters);
  const { data: view, refresh } = useLiveList({
    kind: "withdrawal",
    query,
    url: `/api/withdrawals${query}`,
    initial,
    errorMessage: "The withdrawals could not be loaded. Try again in a moment.",
  });
  const filtered = Boolean(filters.status);
  return (
    <DataList
      caption="Merchant withdrawals, newest first"
      columns={columns}
      rows={view.rows}
      rowKey={(w) => w.id}
      rowProps={() => ({ "data-testid": "withdrawal-row" })}
      stale={view}
      refresh={refresh}
      empty={
        <ListEmptyState
          testId="withdrawals-empty"
          title={filtered ? "No withdrawals with this status" : "No withdrawals yet"}
          hint={
            filtered
              ? "Clear the filter to see every withdrawal."
              : canCreate
                ? "Send stablecoins from the withdrawal balance to a wallet you control."
                : "Withdrawals made by your team appear here."
          }
          action={!filtered && canCreate ? <ListEmptyLink href="/withdrawals/new">New withdrawal</ListEmptyLink> : undefined}
        />
      }
      pager={
        <Pager
          label="Withdrawal pages"
          noun={["withdrawal", "withdrawals"]}
          page={view.page}
          pages={view.pages}
          total={view.total}
          to={(page) => serializeWithdrawalFilters("/withdrawals", { ...filters, page })}
        />
      }
    />
  );
}
