import { Link } from "@/components/ui/link";
import { pageQuery, Pager } from "@/components/tables/pager";
import { Amount } from "@/components/page/amount";
import { LegacyLink } from "@/app/(dashboard)/deposits/_components/legacy-link";
import { DepositsEmptyState } from "@/app/(dashboard)/deposits/_components/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { typeLabel, type DepositFilters } from "@/lib/review/deposit-filters";

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
  const filtered = Object.entries(filters).some(([k, v]) => k !== "page" && v !== undefined);
  if (!rows.length) return <DepositsEmptyState filtered={filtered} />;
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Deposits, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Received</TableHead>
              <TableHead>Deposit</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Settlement</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Settled</TableHead>
              <TableHead className="text-right">Fees</TableHead>
              <TableHead>Customer</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={d.id} data-testid="deposit-row">
                <TableCell className="whitespace-nowrap text-sm">{formatDateTime(d.created_at)}</TableCell>
                <TableCell>
                  <Link href={`/deposits/${encodeURIComponent(d.id)}`} className="font-mono text-xs underline underline-offset-4">
                    <span aria-hidden="true">{d.id.slice(0, 8)}…</span>
                    <span className="sr-only">Deposit {d.id}</span>
                  </Link>
                  <div className="text-xs text-muted-foreground">{typeLabel(d.type)}</div>
                  {d.onramp_id ? <LegacyLink kind="onramps" id={d.onramp_id} /> : null}
                  {d.offramp_id ? <LegacyLink kind="offramps" id={d.offramp_id} /> : null}
                </TableCell>
                <TableCell>
                  <StatusBadge status={d.status} />
                </TableCell>
                <TableCell>
                  <StatusBadge status={d.settlement_status ?? null} />
                </TableCell>
                <TableCell className="text-right">
                  <Amount value={d.amount} currency={d.currency} />
                </TableCell>
                <TableCell className="text-right">
                  <Amount value={d.settled_amount} currency={d.settled_currency} />
                </TableCell>
                <TableCell className="text-right text-sm">
                  {d.fees?.deposit_fee?.amount && d.fees.deposit_fee.currency ? (
                    <Amount value={d.fees.deposit_fee.amount} currency={d.fees.deposit_fee.currency} />
                  ) : (
                    "—"
                  )}
                  {d.fees?.total_fee_usd ? (
                    <div className="text-xs text-muted-foreground">
                      <Amount value={d.fees.total_fee_usd} currency="USD" /> total
                    </div>
                  ) : null}
                </TableCell>
                <TableCell className="font-mono text-xs">
                  {d.customer_id ? (
                    <Link href={{ query: { ...pageQuery(filters, 1), customer: d.customer_id } }} className="underline underline-offset-4">
                      <span aria-hidden="true">{d.customer_id.slice(0, 8)}…</span>
                      <span className="sr-only">Only deposits of customer {d.customer_id}</span>
                    </Link>
                  ) : (
                    "—"
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager label="Deposit pages" noun={["deposit", "deposits"]} page={page} pages={pages} total={total} filters={filters} />
    </div>
  );
}
