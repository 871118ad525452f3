"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import type { QueryKey } from "@/lib/live/query-keys";

/**
 * Re-renders a server-rendered page when the live stream says its data changed: the page's query
 * key is invalidated by a matching webhook event (or polled while the stream is down), and each
 * refetch after the first asks the server for a fresh render.
 */
/** At most one server render per this interval, however many changes arrive. */
const MIN_REFRESH_MS = 1_500;

export function LiveRefresh({ queryKey }: { queryKey: QueryKey }) {
  const router = useRouter();
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({ queryKey: [...queryKey, "live-refresh"], queryFn: () => Date.now(), refetchInterval, staleTime: Infinity, refetchOnWindowFocus: false });
  const first = useRef<number | null>(null);
  const last = useRef(0);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  useEffect(() => {
    if (q.dataUpdatedAt === 0) return;
    if (first.current === null) {
      first.current = q.dataUpdatedAt;
      return;
    }
    if (q.dataUpdatedAt === first.current) return;
    // A backfill or a busy sweep announces many changes in a row: one render per interval shows
    // them all, where one per change would keep the server rendering this page.
    const wait = last.current + MIN_REFRESH_MS - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      router.refresh();
    } else if (pending.current === undefined) {
      pending.current = setTimeout(() => {
        pending.current = undefined;
        last.current = Date.now();
        router.refresh();
      }, wait);
    }
  }, [q.dataUpdatedAt, router]);
  return null;
}
