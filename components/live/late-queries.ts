/**
 * A change can reach the browser while a page is still on its way: the server read the data just
 * before the change was stored, and the page's queries do not exist yet, so the change invalidates
 * nothing and the page would show the older data until the next change. This remembers the keys
 * changes touched for a short while and invalidates any query created under one of them.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { QueryKey } from "@/lib/live/query-keys";

/** Longer than a page's server render and transfer take; a query caught by mistake refetches once. */
export const LATE_QUERY_WINDOW_MS = 30_000;

function startsWith(key: readonly unknown[], prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => Object.is(part, key[i]));
}

export class RecentChanges {
  private entries: { key: QueryKey; at: number }[] = [];

  constructor(
    private readonly windowMs = LATE_QUERY_WINDOW_MS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(keys: QueryKey[]): void {
    const at = this.now();
    this.prune(at);
    for (const key of keys) this.entries.push({ key, at });
  }

  /** Whether a change touched this key (by prefix) within the window. */
  touched(key: readonly unknown[]): boolean {
    this.prune(this.now());
    return this.entries.some((e) => startsWith(key, e.key));
  }

  private prune(now: number) {
    const cutoff = now - this.windowMs;
    if (this.entries.length && this.entries[0]!.at < cutoff) this.entries = this.entries.filter((e) => e.at >= cutoff);
  }
}

/** Invalidates each query created under a recently changed key; returns the unsubscribe. */
export function refreshLateQueries(queryClient: QueryClient, recent: RecentChanges): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "added" || !recent.touched(event.query.queryKey)) return;
    const queryKey = event.query.queryKey;
    // The query is being created during a render; invalidate once its observer is attached.
    setTimeout(() => void queryClient.invalidateQueries({ queryKey, exact: true }), 0);
  });
}
