"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { fetchJson } from "@/components/page/fetch-json";
import { liveKeys } from "@/lib/live/query-keys";

/** What DataList needs to offer a retry when a refresh failed (the rows on screen stay). */
export type ListRefresh = { error: string | null; retry: () => void };

/**
 * A list hydrated by the server's read and refetched from its GET route when the live stream
 * reports a change of `kind` (or by polling while the stream is down). `query` is the list's
 * serialized filters: each filtered view is its own cache entry, all refreshed by one change.
 */
export function useLiveList<View>({
  kind,
  query,
  url,
  initial,
  errorMessage,
  poll = true,
}: {
  kind: string;
  query: string;
  url: string;
  initial: View;
  errorMessage: string;
  /** false: refetched only when invalidated (a full live resync), never polled while the stream is down. */
  poll?: boolean;
}) {
  const interval = useLiveRefetchInterval();
  const refetchInterval = poll ? interval : false;
  const q = useServerQuery({
    queryKey: liveKeys.list(kind, query),
    queryFn: () => fetchJson<View>(url, errorMessage),
    initialData: initial,
    refetchInterval,
  });
  const refresh: ListRefresh = { error: q.isError ? q.error.message : null, retry: () => void q.refetch() };
  // Never undefined: the server's read is the initial data, and a failed refetch keeps the last rows.
  return { ...q, data: q.data as View, refresh };
}
