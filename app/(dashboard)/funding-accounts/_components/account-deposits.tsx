"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { DateTime } from "@/components/ui/date-time";
import type { AccountDepositsView } from "@/lib/funding-accounts/views";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";

/** Every deposit event invalidates the "deposit" lists, this one included. */
export const accountDepositsKey = (id: string) => liveKeys.list("deposit", "funding_account", id);

/** The deposits of one funding account, newest first, refreshed when the live stream reports a deposit change. */
export function AccountDeposits({ accountId, initial, initialError }: { accountId: string; initial: AccountDepositsView | null; initialError: string | null }) {
  const refetchInterval = useLiveRefetchInterval();
  const q = useServerQuery({
    queryKey: accountDepositsKey(accountId),
    queryFn: () => fetchJson<AccountDepositsView>(`/api/funding-accounts/${accountId}/deposits`, "The deposits could not be loaded. Try again in a moment."),
    initialData: initial ?? undefined,
    refetchInterval,
  });
  const heading = <h2 className="text-base font-semibold">Deposits</h2>;
  if (!q.data) {
    if (q.isError || initialError) {
      return (
        <section aria-label="Deposits" className="grid gap-3">
          {heading}
          <ReadError title="Deposits could not load" message={q.error?.message ?? initialError ?? ""} onRetry={() => void q.refetch()} />
        </section>
      );
    }
    return (
      <section aria-label="Deposits" className="grid gap-3" aria-busy="true">
        {heading}
        <p className="text-sm text-muted-foreground">Loading deposits…</p>
      </section>
    );
  }
  const { rows } = q.data;
  return (
    <section aria-label="Deposits" className="grid gap-3" data-testid="account-deposits">
      {heading}
      {q.isError ? <ReadError title="Could not refresh the deposits" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      {rows.length === 0 ? (
        <div className="rounded-lg border border-dashed p-6 text-center text-sm" data-testid="account-deposits-empty">
          <p className="font-medium">No deposits yet</p>
          <p className="mt-1 text-muted-foreground">Deposits to this account appear here as they arrive.</p>
        </div>
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableCaption className="sr-only">Deposits to this funding account, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Received</TableHead>
                <TableHead>Deposit</TableHead>
                <TableHead align="right">Amount</TableHead>
                <TableHead align="right">Settled</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Note</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((d) => (
                <TableRow key={d.id} data-testid="account-deposit" data-deposit-id={d.id}>
                  <TableCell className="text-sm whitespace-nowrap">
                    <DateTime value={d.created_at} />
                  </TableCell>
                  <TableCell className="font-mono text-xs">{d.id}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatMoney(d.amount, d.currency)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">
                    {d.settled_amount && d.settled_currency ? formatMoney(d.settled_amount, d.settled_currency) : "—"}
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={d.status} />
                  </TableCell>
                  <TableCell className="text-xs text-muted-foreground">{d.flag_message ?? d.failure_message ?? d.flag_code ?? d.failure_code ?? ""}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
