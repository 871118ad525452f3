"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { CancelOrderButton, ReplaceOrderButton } from "@/app/(dashboard)/pro/_components/order-actions";
import { Pager, pageQuery } from "@/components/tables/pager";
import { ProOrdersEmptyState } from "@/app/(dashboard)/pro/_components/orders/empty-state";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import { filterParams, type ProOrderFilters } from "@/lib/pro/filters";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ProOrderListView } from "@/lib/pro/views";

/**
 * Open orders or the history for the URL's filters and page: hydrated by the server's read,
 * refreshed when the live stream reports a Pro order event (or by polling while it is down).
 */
export function ProOrdersTable({ initial, filters, canTrade }: { initial: ProOrderListView; filters: ProOrderFilters; canTrade: boolean }) {
  const params = filterParams(filters);
  const query = new URLSearchParams(pageQuery({ ...params, view: filters.view }, filters.page)).toString();
  const refetchInterval = useLiveRefetchInterval();
  const q = useQuery({
    queryKey: liveKeys.list("pro_order", query),
    queryFn: () => fetchJson<ProOrderListView>(`/api/pro/orders?${query}`, "The orders could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
  const view = q.data;
  if (view.rows.length === 0) return <ProOrdersEmptyState view={filters.view} filtered={Boolean(filters.status || filters.symbol)} canTrade={canTrade} />;
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">{filters.view === "open" ? "Open Pro orders" : "Pro order history"}, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Order</TableHead>
              <TableHead>Side and type</TableHead>
              <TableHead className="text-right">Limit price</TableHead>
              <TableHead className="text-right">Requested</TableHead>
              <TableHead className="text-right">Filled</TableHead>
              <TableHead className="text-right">Average price</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Placed</TableHead>
              {canTrade ? <TableHead>Actions</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((o) => (
              <TableRow key={o.order_id} data-testid="pro-order-row" data-order-id={o.order_id}>
                <TableCell>
                  <Link href={`/pro/orders/${o.order_id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
                    {o.order_id.slice(0, 8)}
                    <span className="sr-only"> order {o.order_id}</span>
                  </Link>
                </TableCell>
                <TableCell className="text-sm">
                  {o.side} {o.type}
                </TableCell>
                <TableCell className="text-right text-sm tabular-nums">{o.type === "limit" ? formatNgn(o.price) : "market"}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatQuantity(o.requested_quantity)}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatQuantity(o.filled_quantity)}</TableCell>
                <TableCell className="text-right text-sm tabular-nums">{formatNgn(o.avg_fill_price)}</TableCell>
                <TableCell>
                  <StatusBadge status={o.status} />
                </TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatDateTime(o.created_at ?? null)}</TableCell>
                {canTrade ? (
                  <TableCell>
                    <span className="flex gap-2">
                      <ReplaceOrderButton order={o} />
                      <CancelOrderButton order={o} />
                    </span>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager label="Order pages" noun={["order", "orders"]} page={view.page} pages={view.pages} total={view.total} filters={{ ...params }} />
    </div>
  );
}
