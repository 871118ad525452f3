"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import type { Freshness } from "@/lib/funding-accounts/views";

export type DetailRow = [label: string, value: React.ReactNode];

/**
 * A polled Coins record's refresh failure (with retry) and how fresh the copy it was read from is
 * (its Refresh re-reads the record `id`), above its fields.
 */
export function RefreshNotes({ q, id }: { q: UseQueryResult<Freshness, Error> & { data: Freshness }; id: string }) {
  return (
    <>
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} synced={q.data.synced} id={id} />
    </>
  );
}

/** Every field of a Coins record, label beside value. */
export function DetailFields({ rows, testId }: { rows: DetailRow[]; testId: string }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border p-4 text-sm" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="tabular-nums">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
