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
export function LiveRefresh({ queryKey }: { queryKey: QueryKey }) {
  const router = useRouter();
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({ queryKey: [...queryKey, "live-refresh"], queryFn: () => Date.now(), refetchInterval, staleTime: Infinity, refetchOnWindowFocus: false });
  const first = useRef<number | null>(null);
  useEffect(() => {
    if (q.dataUpdatedAt === 0) return;
    if (first.current === null) {
      first.current = q.dataUpdatedAt;
      return;
    }
    if (q.dataUpdatedAt !== first.current) router.refresh();
  }, [q.dataUpdatedAt, router]);
  return null;
}
