"use client";
import type { QueryClient } from "@tanstack/react-query";
import { usePolledList } from "@/components/list/use-polled-list";
import { liveKeys } from "@/lib/live/query-keys";

/** A Coins view read from the provider (markets, balances, addresses), polled: the Coins surface sends no webhooks; see usePolledList. */
export function useCoinsQuery<T>(key: readonly unknown[], url: string, initial: T, opts: { moving?: (data: T) => boolean; every?: number } = {}) {
  return usePolledList({ queryKey: ["coins", ...key], url, initial, errorMessage: "This could not be loaded. Try again in a moment.", ...opts });
}

/** The Coins kinds the local copy keeps (lib/ledger/kinds.ts). */
export type CoinsCopyKind = "coins_order" | "coins_transaction" | "coins_crypto_withdrawal" | "coins_fiat_withdrawal";
const COPY_KINDS: readonly CoinsCopyKind[] = ["coins_order", "coins_transaction", "coins_crypto_withdrawal", "coins_fiat_withdrawal"];

/**
 * A Coins list or record read from the local copy, under the live stream's keys: a sweep that finds
 * a change announces it like a webhook, so the view refreshes as soon as the copy has it; polled
 * too while something on it is still moving.
 */
export function useCoinsCopyQuery<T>(
  view: { list: CoinsCopyKind; query: string } | { one: CoinsCopyKind; id: string },
  url: string,
  initial: T,
  opts: { moving?: (data: T) => boolean } = {},
) {
  const queryKey = "list" in view ? liveKeys.list(view.list, view.query) : liveKeys.resource(view.one, view.id);
  return usePolledList({ queryKey, url, initial, errorMessage: "This could not be loaded. Try again in a moment.", ...opts });
}

/** After a Coins write: every Coins view, those read from the provider and those read from the copy. */
export function invalidateCoins(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ["coins"] });
  for (const kind of COPY_KINDS) {
    void queryClient.invalidateQueries({ queryKey: liveKeys.list(kind) });
    void queryClient.invalidateQueries({ queryKey: ["resource", kind] });
  }
}
