"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Pager, pageQuery } from "@/components/tables/pager";
import { WithdrawalsEmptyState } from "@/app/(dashboard)/withdrawals/_components/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import type { WithdrawalFilters } from "@/lib/withdrawals/filters";
import type { WithdrawalListView } from "@/lib/withdrawals/views";

const shortAddress = (a: string | null | undefined) => (a ? `${a.slice(0, 8)}…${a.slice(-4)}` : "—");

/**
 * The withdrawals for the URL's status and page: hydrated by the server's read, refreshed when the
 * live stream reports a withdrawal event (or by polling while the stream is down).
 */
export function WithdrawalsTable({ initial, filters, canCreate }: { initial: WithdrawalListView; filters: WithdrawalFilters; canCreate: boolean }) {
  const query = new URLSearchParams(pageQuery({ status: filters.status }, filters.page)).toString();
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({
    queryKey: liveKeys.list("withdrawal", query),
    queryFn: () => fetchJson<WithdrawalListView>(`/api/withdrawals?${query}`, "The withdrawals could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  const view = q.data;
  if (view.rows.length === 0) return <WithdrawalsEmptyState filtered={Boolean(filters.status)} canCreate={canCreate} />;
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Merchant withdrawals, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Withdrawal</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead className="text-right">Fee</TableHead>
              <TableHead>Token and chain</TableHead>
              <TableHead>Destination</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((w) => (
              <TableRow key={w.id} data-testid="withdrawal-row">
                <TableCell>
                  <Link href={`/withdrawals/${w.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
                    {w.id.slice(0, 8)}
                    <span className="sr-only"> withdrawal {w.id}</span>
                  </Link>
                </TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatMoney(w.amount_usd, "USD")}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatMoney(w.fee_usd, "USD")}</TableCell>
                <TableCell className="text-sm">{[w.token, w.chain].filter(Boolean).join(" on ") || "—"}</TableCell>
                <TableCell className="font-mono text-xs" title={w.destination_address ?? undefined}>
                  {shortAddress(w.destination_address)}
                </TableCell>
                <TableCell>
                  <StatusBadge status={w.status} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatDateTime(w.created_at ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager
        label="Withdrawal pages"
        noun={["withdrawal", "withdrawals"]}
        page={view.page}
        pages={view.pages}
        total={view.total}
        filters={{ status: filters.status }}
      />
    </div>
  );
}
