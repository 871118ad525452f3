"use client";
import { LegacyLink } from "@/app/(dashboard)/deposits/_components/legacy-link";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { Amount } from "@/components/page/amount";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { type DepositFilters, serializeDepositFilters, typeLabel } from "@/lib/review/deposit-filters";

export interface DepositRow {
  id: string;
  type: string;
  status: string;
  settlement_status?: string | null;
  amount: string;
  currency: string;
  settled_amount?: string | null;
  settled_currency?: string | null;
  fees?: { deposit_fee?: { amount?: string | null; currency?: string | null } | null; total_fee_usd?: string | null } | null;
  customer_id?: string | null;
  onramp_id?: string | null;
  offramp_id?: string | null;
  created_at: string;
}

const columnsFor = (filters: DepositFilters): Column<DepositRow>[] => [
  { key: "received", header: "Received", className: "whitespace-nowrap text-sm", cell: (d) => <DateTime value={d.created_at} /> },
  {
    key: "deposit",
    header: "Deposit",
    cell: (d) => (
      <>
        <Link href={`/deposits/${encodeURIComponent(d.id)}`} className="font-mono text-xs underline underline-offset-4">
          <span aria-hidden="true">{d.id.slice(0, 8)}…</span>
          <span className="sr-only">Deposit {d.id}</span>
        </Link>
        <div className="text-xs text-muted-foreground">{typeLabel(d.type)}</div>
        {d.onramp_id ? <LegacyLink kind="onramps" id={d.onramp_id} /> : null}
        {d.offramp_id ? <LegacyLink kind="offramps" id={d.offramp_id} /> : null}
      </>
    ),
  },
  { key: "status", header: "Status", cell: (d) => <StatusBadge status={d.status} /> },
  { key: "settlement", header: "Settlement", cell: (d) => <StatusBadge status={d.settlement_status ?? null} /> },
  { key: "amount", header: "Amount", numeric: true, cell: (d) => <Amount value={d.amount} currency={d.currency} /> },
  { key: "settled", header: "Settled", numeric: true, cell: (d) => <Amount value={d.settled_amount} currency={d.settled_currency} /> },
  {
    key: "fees",
    header: "Fees",
    numeric: true,
    className: "text-sm",
    cell: (d) => (
      <>
        {d.fees?.deposit_fee?.amount && d.fees.deposit_fee.currency ? <Amount value={d.fees.deposit_fee.amount} currency={d.fees.deposit_fee.currency} /> : "—"}
        {d.fees?.total_fee_usd ? (
          <div className="text-xs text-muted-foreground">
            <Amount value={d.fees.total_fee_usd} currency="USD" /> total
          </div>
        ) : null}
      </>
    ),
  },
  {
    key: "customer",
    header: "Customer",
    className: "font-mono text-xs",
    cell: (d) =>
      d.customer_id ? (
        <Link href={serializeDepositFilters("/deposits", { ...filters, page: 1, customer: d.customer_id })} className="underline underline-offset-4">
          <span aria-hidden="true">{d.customer_id.slice(0, 8)}…</span>
          <span className="sr-only">Only deposits of customer {d.customer_id}</span>
        </Link>
      ) : (
        "—"
      ),
  },
];

/** One page of deposits as the server read it; the page refreshes itself when the live stream reports a deposit. */
export function DepositsTable({
  rows,
  page,
  pages,
  total,
  filters,
}: {
  rows: DepositRow[];
  page: number;
  pages: number;
  total: number;
  filters: DepositFilters;
}) {
  const filtered = Object.entries(filters).some(([k, v]) => k !== "page" && v !== null && v !== undefined);
  return (
    <DataList
      caption="Deposits, newest first"
      columns={columnsFor(filters)}
      rows={rows}
      rowKey={(d) => d.id}
      rowProps={() => ({ "data-testid": "deposit-row" })}
      empty={
        <ListEmptyState
          testId="deposits-empty"
          title={filtered ? "No deposits match these filters" : "No deposits yet"}
          hint={filtered ? "Clear a filter or widen the dates." : "Deposits appear here when money reaches one of your funding accounts."}
        />
      }
      pager={
        <Pager
          label="Deposit pages"
          noun={["deposit", "deposits"]}
          page={page}
          pages={pages}
          total={total}
          to={(p) => serializeDepositFilters("/deposits", { ...filters, page: p })}
        />
      }
    />
  );
}
