"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useTimeZone } from "@/components/ui/date-time";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { statusLabel, type TransferView } from "@/lib/transfers/views";

function Row({ label, value, mono }: { label: string; value: string | null | undefined; mono?: boolean }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 py-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={mono ? "font-mono text-xs break-all" : "text-sm tabular-nums"}>{value}</dd>
    </div>
  );
}

/** One transfer as the provider reports it, refreshed when the live stream says it changed. */
export function TransferDetail({ initial }: { initial: TransferView }) {
  const id = initial.transfer.id;
  const zone = useTimeZone();
  const refetchInterval = useLiveRefetchInterval();
  const q = useServerQuery({
    queryKey: liveKeys.resource("transfer", id),
    queryFn: () => fetchJson<TransferView>(`/api/transfers/${id}`, "The transfer could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  const { transfer: t, recipient } = q.data;
  const debitCurrency = t.debit_currency ?? "USD";
  return (
    <div className="grid gap-4">
      {q.isError ? <ReadError title="Could not refresh this transfer" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} synced={q.data.synced} id={id} />
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="transfer-summary">
        <StatusBadge status={t.status} />
        <span>{statusLabel(t.status)}</span>
        <span className="font-medium">{formatMoney(t.amount, t.currency)}</span>
        {recipient ? <span>to {recipient}</span> : null}
      </div>
      {t.failure_message || t.failure_code ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          The transfer failed{t.failure_code ? ` (${t.failure_code})` : ""}: {t.failure_message ?? "the provider gave no reason."}
        </p>
      ) : null}
      {t.flag_message || t.flag_code ? (
        <p className="rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm" data-testid="transfer-flag">
          Held by the provider for review{t.flag_code ? ` (${t.flag_code})` : ""}: {t.flag_message ?? "no reason given."}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-base">Money</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y" data-testid="transfer-money">
              <Row label="Amount sent" value={formatMoney(t.amount, t.currency)} />
              <Row label="Debited from the withdrawal balance" value={t.debit_amount ? formatMoney(t.debit_amount, debitCurrency) : null} />
              <Row label="Fee" value={t.fee ? formatMoney(t.fee, debitCurrency) : null} />
              <Row label="Rate" value={t.rate?.value ? `${t.currency} ${t.rate.value} per ${debitCurrency}${t.rate.side ? ` (${t.rate.side})` : ""}` : null} />
              <Row label="Rate captured" value={t.rate?.captured_at ? formatDateTime(t.rate.captured_at, zone) : null} />
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-base">Details</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              <Row label="Recipient" value={recipient ?? t.recipient?.id} />
              <Row label="Reference" value={t.reference} />
              <Row label="Transfer id" value={t.id} mono />
              <Row label="Created" value={formatDateTime(t.created_at ?? null, zone)} />
              <Row label="Completed" value={t.completed_at ? formatDateTime(t.completed_at, zone) : null} />
              <Row label="Last updated" value={t.updated_at ? formatDateTime(t.updated_at, zone) : null} />
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
