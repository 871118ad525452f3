"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { fetchJson } from "@/components/page/fetch-json";
import { railLabel, settlementLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { FundingAccountsEmptyState } from "@/app/(dashboard)/funding-accounts/_components/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import type { FundingAccountFilters } from "@/lib/funding-accounts/filters";
import { filtersToQuery } from "@/lib/http/query-string";
import type { FundingAccountListView } from "@/lib/funding-accounts/views";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import type { FundingAccount } from "@/lib/upstream/schemas/core";

/** What a customer pays into, in one line: the bank account number or the wallet address. */
function receiveSummary(a: FundingAccount): string {
  const i = a.instructions[0];
  if (!i) return "—";
  if (i.account_number) return `${i.bank_name ?? "Bank"} ${i.account_number}`;
  if (i.address) return `${i.chain ?? a.chain ?? ""} ${i.address.slice(0, 8)}…${i.address.slice(-4)}`.trim();
  return "—";
}

function amountOf(a: FundingAccount): string {
  if (a.amount) return formatMoney(a.amount, a.currency ?? "NGN");
  return a.rail === "CRYPTO_ADDRESS" ? `Any ${a.asset ?? a.currency ?? ""}`.trim() : "Any amount";
}

/**
 * The funding accounts for the URL's filters: hydrated by the server's read, refreshed when the
 * live stream reports a funding-account change (or by polling while the stream is down).
 */
export function FundingAccountsTable({ initial, filters, canCreate }: { initial: FundingAccountListView; filters: FundingAccountFilters; canCreate: boolean }) {
  const query = filtersToQuery(filters);
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({
    queryKey: liveKeys.list("funding_account", query),
    queryFn: () =>
      fetchJson<FundingAccountListView>(`/api/funding-accounts${query ? `?${query}` : ""}`, "The funding accounts could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  if (q.isError && !q.data) return <ReadError title="Funding accounts could not load" message={q.error.message} onRetry={() => void q.refetch()} />;
  const view = q.data;
  const filtered = Boolean(filters.rail || filters.type || filters.status || filters.customer);
  if (view.rows.length === 0) return <FundingAccountsEmptyState filtered={filtered} canCreate={canCreate} />;
  const link = (page: number) => {
    const qs = filtersToQuery({ ...filters, page });
    return `/funding-accounts${qs ? `?${qs}` : ""}`;
  };
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Funding accounts, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Account</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Rail and type</TableHead>
              <TableHead>Pays into</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Settles to</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((a) => (
              <TableRow key={a.id} data-testid="funding-account-row">
                <TableCell>
                  <Link href={`/funding-accounts/${a.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
                    {a.id.slice(0, 8)}
                    <span className="sr-only"> funding account {a.id}</span>
                  </Link>
                </TableCell>
                <TableCell className="text-sm">
                  {a.customer_id ? (
                    (view.customerNames[a.customer_id] ?? <span className="font-mono text-xs">{a.customer_id}</span>)
                  ) : (
                    <span className="text-muted-foreground">Merchant&apos;s own</span>
                  )}
                </TableCell>
                <TableCell className="text-sm">
                  {railLabel(a.rail)}
                  <div className="text-xs text-muted-foreground">{typeLabel(a.type)}</div>
                </TableCell>
                <TableCell className="font-mono text-xs">{receiveSummary(a)}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{amountOf(a)}</TableCell>
                <TableCell className="text-sm">{a.settlement_destination ? settlementLabel(a.settlement_destination.type) : "—"}</TableCell>
                <TableCell>
                  <StatusBadge status={a.status} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatDateTime(a.created_at ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <nav aria-label="Funding account pages" className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          {view.total} account{view.total === 1 ? "" : "s"} · page {view.page} of {view.pages}
        </span>
        <span className="flex gap-2">
          {view.page > 1 ? (
            <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={link(view.page - 1)} scroll={false}>
              Previous
            </Link>
          ) : null}
          {view.page < view.pages ? (
            <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={link(view.page + 1)} scroll={false}>
              Next
            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
