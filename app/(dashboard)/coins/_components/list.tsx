"use client";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Table, TableCaption } from "@/components/ui/table";
import type { Freshness } from "@/lib/funding-accounts/views";

/** The Coins surface sends no webhooks, so a view with something still moving polls until it settles. */
export const PENDING_POLL_MS = 3_000;

/**
 * A Coins view's data from its GET route: hydrated by the server's read, refetched every
 * `every` ms, or while `moving` says something on it is still pending.
 */
export function useCoinsQuery<T>(
  key: readonly unknown[],
  url: string,
  initial: T,
  opts: { moving?: (data: T) => boolean; every?: number } = {},
): UseQueryResult<T, Error> & { data: T } {
  return useQuery({
    queryKey: ["coins", ...key],
    queryFn: () => fetchJson<T>(url, "This could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: (q) => opts.every ?? (q.state.data && opts.moving?.(q.state.data) ? PENDING_POLL_MS : false),
  }) as UseQueryResult<T, Error> & { data: T };
}

/** A Coins table with its refresh error (and retry), its stale-data note, and an optional pager. */
export function CoinsTable({
  q,
  caption,
  children,
  after,
}: {
  q: UseQueryResult<Freshness, Error> & { data: Freshness };
  caption: string;
  children: React.ReactNode;
  after?: React.ReactNode;
}) {
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} />
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">{caption}</TableCaption>
          {children}
        </Table>
      </div>
      {after}
    </div>
  );
}
