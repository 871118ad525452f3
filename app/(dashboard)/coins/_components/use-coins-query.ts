"use client";
import { usePolledList } from "@/components/list/use-polled-list";

/** A Coins view from its GET route, polled (the Coins surface sends no webhooks); see usePolledList. */
export function useCoinsQuery<T>(key: readonly unknown[], url: string, initial: T, opts: { moving?: (data: T) => boolean; every?: number } = {}) {
  return usePolledList({ queryKey: ["coins", ...key], url, initial, errorMessage: "This could not be loaded. Try again in a moment.", ...opts });
}
