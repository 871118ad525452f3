"use client";
import { Link } from "@/components/ui/link";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Skeleton } from "@/components/ui/skeleton";
import type { ProOrderView } from "@/lib/pro/views";
import { CancelOrderButton, ReplaceOrderButton } from "./order-actions";
import { OrderFields } from "./order-fields";
import { TradesTable } from "./trades-table";
import { useProOrder } from "./use-pro-order";

/**
 * One order's live status: status, filled and remaining quantity, average fill price and fees,
 * refreshed from Pro webhook events through the live stream (see useProOrder). The ticket shows it
 * for the order just placed; the detail page adds the trades.
 */
export function LiveOrder({
  orderId,
  initial,
  canTrade,
  withTrades = false,
  withLink = false,
}: {
  orderId: string;
  initial?: ProOrderView;
  canTrade: boolean;
  withTrades?: boolean;
  withLink?: boolean;
}) {
  const q = useProOrder(orderId, initial);
  if (!q.data) {
    if (q.isError) return <ReadError title="This order could not load" message={q.error.message} onRetry={() => void q.refetch()} />;
    return (
      <div className="grid gap-2" role="status" aria-label="Loading the order">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  }
  const { order } = q.data;
  return (
    <div className="grid content-start gap-4" data-testid="pro-live-order" data-order-id={order.order_id}>
      {q.isError ? <ReadError title="Could not refresh this order" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} synced={q.data.synced} id={order.order_id} />
      <OrderFields order={order} />
      <div className="flex flex-wrap items-center gap-2">
        {canTrade ? (
          <>
            <ReplaceOrderButton order={order} />
            <CancelOrderButton order={order} />
          </>
        ) : null}
        {withLink ? (
          <Link
            href={`/pro/orders/${order.order_id}`}
            className="rounded-md px-2 py-1 text-sm underline underline-offset-4 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            Open the order&apos;s timeline and trades
          </Link>
        ) : null}
      </div>
      {withTrades ? <TradesTable trades={q.data.trades} error={q.data.tradesError} /> : null}
    </div>
  );
}
