"use client";
/**
 * One Pro order, kept current in the browser. Fills, cancellations and rejections arrive as Pro
 * webhook events through the live stream, which invalidates this query. The provider sends no event
 * for pending_settlement -> new -> open, so while an order is in one of those two states it is read
 * every 2 s until it rests; otherwise polling runs only while the stream is down.
 */
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { liveKeys } from "@/lib/live/query-keys";
import type { ProOrderView } from "@/lib/pro/views";

export const SILENT_MOVE_POLL_MS = 2_000;
const SILENT = new Set(["pending_settlement", "new"]);

export const proOrderKey = (id: string) => liveKeys.resource("pro_order", id);

export function useProOrder(id: string, initial?: ProOrderView) {
  const fallback = useLiveRefetchInterval();
  return useServerQuery({
    queryKey: proOrderKey(id),
    queryFn: () => fetchJson<ProOrderView>(`/api/pro/orders/${id}`, "The order could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval: (q) => (q.state.data && SILENT.has(q.state.data.order.status) ? SILENT_MOVE_POLL_MS : fallback),
  });
}
