"use client";
import { useCoinsCopyQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { cursorSteps, serializeTransactionFilters, type TransactionFilters } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import type { CoinsTransaction, CursorPage } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";

/** Where a transaction's reference opens, for the kinds the app has pages for. */
function referenceHref(t: CoinsTransaction): string | null {
  if (!t.reference_id) return null;
  if (t.reference_type === "order") return `/coins/orders/${t.reference_id}`;
  return null;
}

function Reference({ t }: { t: CoinsTransaction }) {
  const href = referenceHref(t);
  if (href) {
    return (
      <Link href={href} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
        {t.reference_type} {t.reference_id!.slice(0, 8)}
      </Link>
    );
  }
  if (t.reference_id) {
    return (
      <span className="font-mono text-xs">
        {t.reference_type ?? ""} {t.reference_id.slice(0, 8)}
      </span>
    );
  }
  return "—";
}

const columns: Column<CoinsTransaction>[] = [
  {
    key: "type",
    header: "Type",
    className: "text-sm",
    cell: (t) => (
      <>
        {t.type}
        <div className="font-mono text-xs text-muted-foreground">{t.id.slice(0, 8)}</div>
      </>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    numeric: true,
    className: "text-sm",
    cell: (t) => (
      <>
        <span aria-hidden="true">{t.direction === "debit" ? "− " : t.direction === "credit" ? "+ " : ""}</span>
        <span className="sr-only">{t.direction ?? ""} </span>
        {formatAsset(t.amount, t.asset)}
      </>
    ),
  },
  { key: "status", header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
  { key: "description", header: "Description", className: "text-sm", cell: (t) => t.description ?? "—" },
  { key: "reference", header: "Reference", className: "text-sm", cell: (t) => <Reference t={t} /> },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: (t) => <DateTime value={t.created_at ?? null} /> },
];

/** One page of the Coins ledger: credits and debits per asset, with what caused each. */
export function CoinsTransactionsTable({ initial, filters }: { initial: CursorPage<CoinsTransaction>; filters: TransactionFilters }) {
  const query = serializeTransactionFilters(filters);
  const q = useCoinsCopyQuery({ list: "coins_transaction", query }, `/api/coins/transactions${query}`, initial, {
    moving: (d) => d.rows.some((t) => t.status === "pending"),
  });
  const view = q.data;
  const filtered = Boolean(filters.type || filters.asset || filters.status);
  return (
    <DataList
      caption="Coins transactions, newest first"
      columns={columns}
      rows={view.rows}
      rowKey={(t) => t.id}
      rowProps={() => ({ "data-testid": "coins-transaction-row" })}
      stale={view}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="coins-transactions-empty"
          title={filtered ? "No transactions match these filters" : "No Coins transactions yet"}
          hint={filtered ? "Clear a filter to see more." : "Deposits, trades, fees and withdrawals appear here."}
        />
      }
      pager={
        <Pager
          label="Coins transaction pages"
          noun={["transaction", "transactions"]}
          shown={view.rows.length}
          {...cursorSteps(filters, view.nextCursor, (place) => serializeTransactionFilters("/coins/transactions", { ...filters, ...place }))}
        />
      }
    />
  );
}
