"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Pager } from "@/components/tables/pager";
import { TransfersEmptyState } from "@/app/(dashboard)/transfers/_components/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { filtersToQuery } from "@/lib/http/query-string";
import type { TransferFilters } from "@/lib/transfers/filters";
import type { TransferListView } from "@/lib/transfers/views";

/**
 * The transfers for the URL's filter: hydrated by the server's read, refreshed when the live stream
 * reports a transfer change (or by polling while the stream is down).
 */
export function TransfersTable({ initial, filters, canCreate }: { initial: TransferListView; filters: TransferFilters; canCreate: boolean }) {
  const query = filtersToQuery(filters);
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({
    queryKey: liveKeys.list("transfer", query),
    queryFn: () => fetchJson<TransferListView>(`/api/transfers${query ? `?${query}` : ""}`, "The transfers could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  const view = q.data;
  if (view.rows.length === 0) return <TransfersEmptyState filtered={Boolean(filters.status)} canCreate={canCreate} />;
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Transfers, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Reference</TableHead>
              <TableHead>Recipient</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Debited</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map(({ transfer: t, recipient }) => (
              <TableRow key={t.id} data-testid="transfer-row" data-id={t.id}>
                <TableCell>
                  <Link href={`/transfers/${t.id}`} className="text-sm underline-offset-4 hover:underline focus-visible:underline">
                    {t.reference || t.id.slice(0, 8)}
                    <span className="sr-only"> transfer {t.id}</span>
                  </Link>
                </TableCell>
                <TableCell className="text-sm">{recipient ?? <span className="font-mono text-xs">{t.recipient?.id ?? "—"}</span>}</TableCell>
                <TableCell className="text-right text-sm whitespace-nowrap tabular-nums">{formatMoney(t.amount, t.currency)}</TableCell>
                <TableCell className="text-right text-sm whitespace-nowrap tabular-nums">
                  {t.debit_amount ? formatMoney(t.debit_amount, t.debit_currency ?? "USD") : "—"}
                </TableCell>
                <TableCell>
                  <StatusBadge status={t.status} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatDateTime(t.created_at ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager
        label="Transfer pages"
        noun={["transfer", "transfers"]}
        page={view.page}
        pages={view.pages}
        total={view.total}
        filters={{ status: filters.status }}
      />
    </div>
  );
}
