"use client";
import {
  type DefaultError,
  type DefinedInitialDataOptions,
  type DefinedUseQueryResult,
  type QueryClient,
  type QueryKey,
  type UndefinedInitialDataOptions,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";

/**
 * Each server answer (a page's `initial` prop) and the queries it has already been offered to. A page
 * restored by back/forward brings back the very objects it rendered with, so an answer seen before
 * is an old one; a navigation's fresh render brings new objects.
 */
const offered = new WeakMap<object, Set<string>>();

/** Whether `initial` reaches `query` for the first time (and remembers that it has now). */
function firstOffer(initial: object, queryHash: string): boolean {
  const hashes = offered.get(initial) ?? new Set<string>();
  offered.set(initial, hashes);
  if (hashes.has(queryHash)) return false;
  hashes.add(queryHash);
  return true;
}

/** When the view's data was read from the provider, if it says (`syncedAt` of the copy, `fetchedAt` of a cached read). */
function stampOf(view: unknown): number {
  const v = view as { syncedAt?: unknown; fetchedAt?: unknown } | null;
  const at = typeof v?.syncedAt === "string" ? v.syncedAt : typeof v?.fetchedAt === "string" ? v.fetchedAt : null;
  return at ? Date.parse(at) : Number.NaN;
}

/**
 * Puts a fresh server render into the cache when what the cache holds is older, and says what it
 * did. On a revisit the query is still cached from the last visit; left alone, the page would show
 * that visit's data and ask its route again at once, though the server has just rendered newer data.
 *
 * The render is newer only when the cached answer cannot have changed since the person left the
 * page that showed it: the query has no observer (nothing polls or refetches it; an invalidation only
 * marks it), is not being fetched, and no live change has marked it since. The navigation that
 * brought the render started after that, so the render read later. Otherwise the cache is left as it
 * is and refetches as it always did.
 */
export function offerServerAnswer(qc: QueryClient, queryKey: QueryKey, initial: unknown, updatedAt?: number): "seeded" | "kept" | "restored" | "first" {
  if (initial === undefined || initial === null || typeof initial !== "object") return "first";
  const { queryHash } = qc.defaultQueryOptions({ queryKey });
  const fresh = firstOffer(initial, queryHash);
  const query = qc.getQueryCache().get(queryHash);
  if (query?.state.data === undefined) return fresh ? "first" : "restored";
  if (!fresh) return "kept";
  const s = query.state;
  if (query.getObserversCount() > 0 || s.fetchStatus === "fetching" || s.isInvalidated) return "kept";
  // Belt and braces for views that carry their own age: never put an older read over a newer one.
  if (stampOf(s.data) > stampOf(initial)) return "kept";
  qc.setQueryData(queryKey, initial, { updatedAt: updatedAt ?? Date.now() });
  return "seeded";
}

/**
 * `useQuery` for data the server rendered into the page (`initialData`): a revisit shows the new
 * render instead of the last visit's cache (`offerServerAnswer`), and an answer restored by
 * back/forward with nothing cached is shown but asked again at once (its age is unknown).
 */
export function useServerQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: DefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): DefinedUseQueryResult<NoInfer<TData>, TError>;
export function useServerQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UndefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<NoInfer<TData>, TError>;
export function useServerQuery<TQueryFnData = unknown, TError = DefaultError, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<NoInfer<TData>, TError>;
export function useServerQuery(options: UseQueryOptions): UseQueryResult {
  const qc = useQueryClient();
  const at = typeof options.initialDataUpdatedAt === "function" ? options.initialDataUpdatedAt() : options.initialDataUpdatedAt;
  const outcome = offerServerAnswer(qc, options.queryKey, options.initialData, at);
  return useQuery(outcome === "restored" ? { ...options, initialDataUpdatedAt: 0 } : options);
}
