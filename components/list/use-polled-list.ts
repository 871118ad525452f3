"use client";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import { useServerQuery } from "@/components/page/use-server-query";
import type { ListRefresh } from "@/components/list/use-live-list";
import { fetchJson } from "@/components/page/fetch-json";

/** While something on a view is still moving, it is asked again this often. */
export const PENDING_POLL_MS = 3_000;

/**
 * A view of a surface that sends no webhooks (Coins, Stocks), so the live stream never reports its
 * changes: hydrated by the server's read and refetched from its GET route every `every` ms, or while
 * `moving` says something on it is still pending. `refresh` is for DataList.
 */
export function usePolledList<View>({
  queryKey,
  url,
  initial,
  errorMessage,
  every,
  moving,
}: {
  queryKey: QueryKey;
  url: string;
  initial: View;
  errorMessage: string;
  every?: number;
  moving?: (data: View) => boolean;
}): UseQueryResult<View, Error> & { data: View; refresh: ListRefresh } {
  const q = useServerQuery({
    queryKey,
    queryFn: () => fetchJson<View>(url, errorMessage),
    initialData: initial,
    refetchInterval: (query) => every ?? (query.state.data && moving?.(query.state.data) ? PENDING_POLL_MS : false),
  }) as UseQueryResult<View, Error> & { data: View };
  return { ...q, refresh: { error: q.isError ? q.error.message : null, retry: () => void q.refetch() } };
}
