"use client";
import { Link } from "@/components/ui/link";
import { CursorPager } from "@/app/(dashboard)/coins/_components/cursor-pager";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { CoinsTable, useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { serializeTransactionFilters, type TransactionFilters } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import type { CoinsTransaction, CursorPage } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";

/** Where a transaction's reference opens, for the kinds the app has pages for. */
function referenceHref(t: CoinsTransaction): string | null {
  if (!t.reference_id) return null;
  if (t.reference_type === "order") return `/coins/orders/${t.reference_id}`;
  return null;
}

/** One page of the Coins ledger: credits and debits per asset, with what caused each. */
export function CoinsTransactionsTable({ initial, filters }: { initial: CursorPage<CoinsTransaction>; filters: TransactionFilters }) {
  const query = serializeTransactionFilters(filters);
  const q = useCoinsQuery(["transactions", query], `/api/coins/transactions${query}`, initial, { moving: (d) => d.rows.some((t) => t.status === "pending") });
  const view = q.data;
  const filtered = Boolean(filters.type || filters.asset || filters.status);
  if (view.rows.length === 0) {
    return (
      <CoinsEmptyState
        testId="coins-transactions-empty"
        title={filtered ? "No transactions match these filters" : "No Coins transactions yet"}
        hint={filtered ? "Clear a filter to see more." : "Deposits, trades, fees and withdrawals appear here."}
      />
    );
  }
  return (
    <CoinsTable
      q={q}
      caption="Coins transactions, newest first"
      after={
        <CursorPager
          href={(place) => serializeTransactionFilters("/coins/transactions", { ...filters, ...place })}
          label="Coins transaction pages"
          page={filters}
          nextCursor={view.nextCursor}
          shown={view.rows.length}
          noun={["transaction", "transactions"]}
        />
      }
    >
      <TableHeader>
        <TableRow>
          <TableHead>Type</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Description</TableHead>
          <TableHead>Reference</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((t) => {
          const href = referenceHref(t);
          const debit = t.direction === "debit";
          return (
            <TableRow key={t.id} data-testid="coins-transaction-row">
              <TableCell className="text-sm">
                {t.type}
                <div className="font-mono text-xs text-muted-foreground">{t.id.slice(0, 8)}</div>
              </TableCell>
              <TableCell className="text-right text-sm whitespace-nowrap tabular-nums">
                <span aria-hidden="true">{debit ? "− " : t.direction === "credit" ? "+ " : ""}</span>
                <span className="sr-only">{t.direction ?? ""} </span>
                {formatAsset(t.amount, t.asset)}
              </TableCell>
              <TableCell>
                <StatusBadge status={t.status} />
              </TableCell>
              <TableCell className="text-sm">{t.description ?? "—"}</TableCell>
              <TableCell className="text-sm">
                {href ? (
                  <Link href={href} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
                    {t.reference_type} {t.reference_id!.slice(0, 8)}
                  </Link>
                ) : t.reference_id ? (
                  <span className="font-mono text-xs">
                    {t.reference_type ?? ""} {t.reference_id.slice(0, 8)}
                  </span>
                ) : (
                  "—"
                )}
              </TableCell>
              <TableCell className="text-sm whitespace-nowrap">{formatDateTime(t.created_at ?? null)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </CoinsTable>
  );
}
