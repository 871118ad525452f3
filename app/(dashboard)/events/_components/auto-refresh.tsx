"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { liveKeys } from "@/lib/live/query-keys";

/**
 * Keeps the server-rendered event log current: when the live stream marks events stale (or the
 * fallback poll ticks while it is down), the page's rows are re-read on the server with the same
 * filters. Opened rows stay open; nothing here fetches event data itself.
 */
export function EventsAutoRefresh() {
  const router = useRouter();
  const [, startTransition] = useTransition();
  const refetchInterval = useLiveRefetchInterval();
  const { dataUpdatedAt } = useQuery({
    queryKey: liveKeys.events("log"),
    queryFn: async () => Date.now(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval,
  });
  const first = useRef<number | null>(null);
  useEffect(() => {
    if (first.current === null) {
      first.current = dataUpdatedAt;
      return;
    }
    if (dataUpdatedAt !== first.current) startTransition(() => router.refresh());
  }, [dataUpdatedAt, router]);
  return null;
}
