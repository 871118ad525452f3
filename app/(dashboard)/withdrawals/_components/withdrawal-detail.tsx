"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { CopyButton } from "@/components/forms/copy-button";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { liveKeys } from "@/lib/live/query-keys";
import { addDecimals, formatMoney, isDecimalString } from "@/lib/money";
import { explorerTxUrl } from "@/lib/review/explorer";
import type { WithdrawalView } from "@/lib/withdrawals/views";
import type { Environment } from "@/lib/generated/prisma/enums";

const STATUS_HELP: Record<string, string> = {
  PENDING: "Accepted by the provider; waiting to be submitted on chain.",
  SUBMITTED: "Sent on chain; waiting for the network to confirm it.",
  SETTLED: "Confirmed on chain. The money has left the withdrawal balance.",
  FAILED: "Not sent. The provider's reason is below.",
};

function Row({ label, children, copy, testId }: { label: string; children: React.ReactNode; copy?: string | null; testId?: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm break-all" data-testid={testId}>
        {children}
        {copy ? <CopyButton value={copy} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  );
}

/** Every field of the spec's merchant withdrawal, refreshed when the live stream reports a change to it. */
export function WithdrawalDetail({ initial, environment }: { initial: WithdrawalView; environment: Environment }) {
  const id = initial.withdrawal.id;
  const refetchInterval = useLiveRefetchInterval();
  const q = useServerQuery({
    queryKey: liveKeys.resource("withdrawal", id),
    queryFn: () => fetchJson<WithdrawalView>(`/api/withdrawals/${id}`, "The withdrawal could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  const w = q.data.withdrawal;
  const amount = isDecimalString(w.amount_usd) ? w.amount_usd : null;
  const fee = isDecimalString(w.fee_usd) ? w.fee_usd : null;
  const explorer = explorerTxUrl(w.chain, w.tx_hash, environment);
  return (
    <div className="grid content-start gap-4">
      {q.isError ? <ReadError title="Could not refresh this withdrawal" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} synced={q.data.synced} id={id} />
      {w.status === "FAILED" ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="withdrawal-failure">
          <p className="font-medium text-destructive">The provider could not send this withdrawal.</p>
          <p>
            <span className="font-mono">{w.failure_code ?? "no code given"}</span>: {w.failure_message ?? "The provider gave no reason."}
          </p>
        </div>
      ) : null}
      <dl className="divide-y rounded-lg border px-4" data-testid="withdrawal-fields">
        <Row label="Status" testId="withdrawal-status">
          <StatusBadge status={w.status} />
          <span className="text-muted-foreground">{STATUS_HELP[w.status] ?? ""}</span>
        </Row>
        <Row label="Amount">{formatMoney(w.amount_usd, "USD")}</Row>
        <Row label="Fee">{formatMoney(w.fee_usd ?? null, "USD")}</Row>
        {amount && fee ? <Row label="Debited from the withdrawal balance">{formatMoney(addDecimals(amount, fee), "USD")}</Row> : null}
        <Row label="Sent as">{[w.token, w.chain].filter(Boolean).join(" on ") || "—"}</Row>
        <Row label="Destination address" copy={w.destination_address}>
          <span className="font-mono">{w.destination_address ?? "—"}</span>
        </Row>
        <Row label="Provider tx id" copy={w.provider_tx_id} testId="withdrawal-provider-tx-id">
          <span className="font-mono">{w.provider_tx_id ?? "Not yet assigned"}</span>
        </Row>
        <Row label="Transaction hash" copy={w.tx_hash} testId="withdrawal-tx-hash">
          {w.tx_hash ? (
            explorer ? (
              <a href={explorer.url} target="_blank" rel="noreferrer" className="font-mono underline underline-offset-4">
                {w.tx_hash}
                <span className="sr-only"> (opens {explorer.name})</span>
              </a>
            ) : (
              <span className="font-mono">{w.tx_hash}</span>
            )
          ) : (
            <span className="text-muted-foreground">Not on chain yet</span>
          )}
        </Row>
        <Row label="Created">
          <DateTime value={w.created_at ?? null} />
        </Row>
        <Row label="Submitted">
          <DateTime value={w.submitted_at ?? null} />
        </Row>
        <Row label="Settled">
          <DateTime value={w.settled_at ?? null} />
        </Row>
        <Row label="Last updated">
          <DateTime value={w.updated_at ?? null} />
        </Row>
      </dl>
    </div>
  );
}
