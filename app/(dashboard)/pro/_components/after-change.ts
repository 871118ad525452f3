"use client";
import type { QueryClient } from "@tanstack/react-query";
import { liveKeys } from "@/lib/live/query-keys";

/** After the app itself changed an order: its detail, every order list and the balances are stale. */
export function refreshOrders(queryClient: QueryClient, orderId?: string): void {
  if (orderId) void queryClient.invalidateQueries({ queryKey: liveKeys.resource("pro_order", orderId) });
  void queryClient.invalidateQueries({ queryKey: liveKeys.list("pro_order") });
  void queryClient.invalidateQueries({ queryKey: liveKeys.balances("pro") });
}
