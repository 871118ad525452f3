"use client";
import { type UseQueryResult, useQuery } from "@tanstack/react-query";
import type { ListRefresh } from "@/components/list/use-live-list";
import { fetchJson } from "@/components/page/fetch-json";

/** The Coins surface sends no webhooks, so a view with something still moving polls until it settles. */
export const PENDING_POLL_MS = 3_000;

/**
 * A Coins view's data from its GET route: hydrated by the server's read, refetched every `every`
 * ms, or while `moving` says something on it is still pending. Not the kit's useLiveList: the live
 * stream never reports a Coins change, so these views poll on their own. `refresh` is for DataList.
 */
export function useCoinsQuery<T>(
  key: readonly unknown[],
  url: string,
  initial: T,
  opts: { moving?: (data: T) => boolean; every?: number } = {},
): UseQueryResult<T, Error> & { data: T; refresh: ListRefresh } {
  const q = useQuery({
    queryKey: ["coins", ...key],
    queryFn: () => fetchJson<T>(url, "This could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: (q) => opts.every ?? (q.state.data && opts.moving?.(q.state.data) ? PENDING_POLL_MS : false),
  }) as UseQueryResult<T, Error> & { data: T };
  return { ...q, refresh: { error: q.isError ? q.error.message : null, retry: () => void q.refetch() } };
}
