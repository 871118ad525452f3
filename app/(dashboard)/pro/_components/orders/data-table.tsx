"use client";
import { CancelOrderButton, ReplaceOrderButton } from "@/app/(dashboard)/pro/_components/order-actions";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { useLiveList } from "@/components/list/use-live-list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { type ProOrderFilters, serializeProOrderFilters } from "@/lib/pro/filters";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ProOrderListView } from "@/lib/pro/views";

type Order = ProOrderListView["rows"][number];

const columns: Column<Order>[] = [
  {
    key: "order",
    header: "Order",
    cell: (o) => (
      <Link href={`/pro/orders/${o.order_id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
        {o.order_id.slice(0, 8)}
        <span className="sr-only"> order {o.order_id}</span>
      </Link>
    ),
  },
  { key: "side", header: "Side and type", className: "text-sm", cell: (o) => `${o.side} ${o.type}` },
  { key: "price", header: "Limit price", numeric: true, className: "text-sm", cell: (o) => (o.type === "limit" ? formatNgn(o.price) : "market") },
  { key: "requested", header: "Requested", numeric: true, className: "text-sm", cell: (o) => formatQuantity(o.requested_quantity) },
  { key: "filled", header: "Filled", numeric: true, className: "text-sm", cell: (o) => formatQuantity(o.filled_quantity) },
  { key: "average", header: "Average price", numeric: true, className: "text-sm", cell: (o) => formatNgn(o.avg_fill_price) },
  { key: "status", header: "Status", cell: (o) => <StatusBadge status={o.status} /> },
  { key: "placed", header: "Placed", className: "text-sm whitespace-nowrap", cell: (o) => <DateTime value={o.created_at ?? null} /> },
];

const actions: Column<Order> = {
  key: "actions",
  header: "Actions",
  cell: (o) => (
    <span className="flex gap-2">
      <ReplaceOrderButton order={o} />
      <CancelOrderButton order={o} />
    </span>
  ),
};

/**
 * Open orders or the history for the URL's filters and page: hydrated by the server's read,
 * refreshed when the live stream reports a Pro order event (or by polling while it is down).
 */
export function ProOrdersTable({ initial, filters, canTrade }: { initial: ProOrderListView; filters: ProOrderFilters; canTrade: boolean }) {
  const query = serializeProOrderFilters(filters);
  const q = useLiveList({
    kind: "pro_order",
    query,
    url: `/api/pro/orders${query}`,
    initial,
    errorMessage: "The orders could not be loaded. Try again in a moment.",
  });
  // The kit hook types its data as possibly undefined; it is hydrated with `initial`, so it never is.
  const view = q.data ?? initial;
  const filtered = Boolean(filters.status || filters.symbol);
  const open = filters.view === "open";
  return (
    <DataList
      caption={`${open ? "Open Pro orders" : "Pro order history"}, newest first`}
      columns={canTrade ? [...columns, actions] : columns}
      rows={view.rows}
      rowKey={(o) => o.order_id}
      rowProps={(o) => ({ "data-testid": "pro-order-row", "data-order-id": o.order_id })}
      stale={view}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="pro-orders-empty"
          title={filtered ? "No orders match these filters" : open ? "No open orders" : "No orders yet"}
          hint={
            filtered
              ? "Clear the filters to see every order."
              : open
                ? "Working orders (settling, new, open or partially filled) appear here."
                : "Every order placed with this key appears here."
          }
          action={!filtered && canTrade ? <ListEmptyLink href="/pro">Open the order ticket</ListEmptyLink> : null}
        />
      }
      pager={
        <Pager
          label="Order pages"
          noun={["order", "orders"]}
          page={view.page}
          pages={view.pages}
          total={view.total}
          to={(page) => serializeProOrderFilters("/pro/orders", { ...filters, page })}
        />
      }
    />
  );
}
