"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import type { Freshness } from "@/lib/funding-accounts/views";

export type DetailRow = [label: string, value: React.ReactNode];

/** A polled Coins record's refresh failure (with retry) and stale-data note, above its fields. */
export function RefreshNotes({ q }: { q: UseQueryResult<Freshness, Error> & { data: Freshness } }) {
  return (
    <>
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
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
