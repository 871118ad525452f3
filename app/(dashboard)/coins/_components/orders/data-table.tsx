"use client";
import { useCoinsCopyQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Link } from "@/components/ui/link";
import { cursorSteps, type OrderFilters, serializeOrderFilters } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import type { CoinsOrder, CursorPage } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";

const columns: Column<CoinsOrder>[] = [
  {
    key: "order",
    header: "Order",
    cell: (o) => (
      <Link href={`/coins/orders/${o.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
        {o.id.slice(0, 8)}
        <span className="sr-only"> order {o.id}</span>
      </Link>
    ),
  },
  { key: "side", header: "Side", className: "text-sm capitalize", cell: (o) => o.side },
  { key: "market", header: "Market", className: "text-sm whitespace-nowrap", cell: (o) => `${o.base_asset}/${o.quote_asset}` },
  { key: "base", header: "Base amount", numeric: true, className: "text-sm", cell: (o) => formatAsset(o.base_amount, o.base_asset) },
  { key: "quote", header: "Quote amount", numeric: true, className: "text-sm", cell: (o) => formatAsset(o.quote_amount, o.quote_asset) },
  { key: "price", header: "Executed price", numeric: true, className: "text-sm", cell: (o) => formatAsset(o.executed_price, o.quote_asset) },
  { key: "filled", header: "Filled", numeric: true, className: "text-sm", cell: (o) => formatAsset(o.filled_quantity, o.base_asset) },
  { key: "fee", header: "Fee", numeric: true, className: "text-sm", cell: (o) => formatAsset(o.fee, o.fee_asset ?? o.quote_asset) },
  {
    key: "status",
    header: "Status",
    cell: (o) => (
      <>
        <StatusBadge status={o.status} />
        {o.failure_reason ? <div className="mt-1 font-mono text-xs text-muted-foreground">{o.failure_reason}</div> : null}
      </>
    ),
  },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: (o) => <DateTime value={o.created_at ?? null} /> },
];

/**
 * One page of Coins orders for the URL's filters and cursor, newest first: amounts on both sides,
 * executed price, filled quantity, fee and status, each linking to its detail.
 */
export function CoinsOrdersTable({ initial, filters, canTrade }: { initial: CursorPage<CoinsOrder>; filters: OrderFilters; canTrade: boolean }) {
  const query = serializeOrderFilters(filters);
  const q = useCoinsCopyQuery({ list: "coins_order", query }, `/api/coins/orders${query}`, initial, {
    moving: (d) => d.rows.some((o) => o.status === "pending"),
  });
  const view = q.data;
  const filtered = Boolean(filters.status || filters.side || filters.base_asset || filters.quote_asset);
  return (
    <DataList
      caption="Coins orders, newest first"
      columns={columns}
      rows={view.rows}
      rowKey={(o) => o.id}
      rowProps={() => ({ "data-testid": "coins-order-row" })}
      stale={view}
      refresh={q.refresh}
      empty={
        <ListEmptyState
          testId="coins-orders-empty"
          title={filtered ? "No orders match these filters" : "No Coins orders yet"}
          hint={filtered ? "Clear a filter to see more orders." : canTrade ? "Buy or sell on a Coins market." : "Orders placed by your team appear here."}
          action={!filtered && canTrade ? <ListEmptyLink href="/coins/orders/new">New order</ListEmptyLink> : null}
        />
      }
      pager={
        <Pager
          label="Coins order pages"
          noun={["order", "orders"]}
          shown={view.rows.length}
          {...cursorSteps(filters, view.nextCursor, (place) => serializeOrderFilters("/coins/orders", { ...filters, ...place }))}
        />
      }
    />
  );
}
