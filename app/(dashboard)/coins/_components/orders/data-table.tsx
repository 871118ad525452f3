"use client";
import { Link } from "@/components/ui/link";
import { CursorPager } from "@/app/(dashboard)/coins/_components/cursor-pager";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { CoinsTable, useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { StatusBadge } from "@/components/timeline/status-badge";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { type OrderFilters, serializeOrderFilters } from "@/lib/coins/filters";
import { formatAsset } from "@/lib/coins/format";
import type { CoinsOrder, CursorPage } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";

/**
 * One page of Coins orders for the URL's filters and cursor, newest first: amounts on both sides,
 * executed price, filled quantity, fee and status, each linking to its detail.
 */
export function CoinsOrdersTable({ initial, filters, canTrade }: { initial: CursorPage<CoinsOrder>; filters: OrderFilters; canTrade: boolean }) {
  const query = serializeOrderFilters(filters);
  const q = useCoinsQuery(["orders", query], `/api/coins/orders${query}`, initial, { moving: (d) => d.rows.some((o) => o.status === "pending") });
  const view = q.data;
  const filtered = Boolean(filters.status || filters.side || filters.base_asset || filters.quote_asset);
  if (view.rows.length === 0) {
    return (
      <CoinsEmptyState
        testId="coins-orders-empty"
        title={filtered ? "No orders match these filters" : "No Coins orders yet"}
        hint={filtered ? "Clear a filter to see more orders." : canTrade ? "Buy or sell on a Coins market." : "Orders placed by your team appear here."}
        action={!filtered && canTrade ? { href: "/coins/orders/new", label: "New order" } : null}
      />
    );
  }
  return (
    <CoinsTable
      q={q}
      caption="Coins orders, newest first"
      after={
        <CursorPager
          href={(place) => serializeOrderFilters("/coins/orders", { ...filters, ...place })}
          label="Coins order pages"
          page={filters}
          nextCursor={view.nextCursor}
          shown={view.rows.length}
          noun={["order", "orders"]}
        />
      }
    >
      <TableHeader>
        <TableRow>
          <TableHead>Order</TableHead>
          <TableHead>Side</TableHead>
          <TableHead>Market</TableHead>
          <TableHead className="text-right">Base amount</TableHead>
          <TableHead className="text-right">Quote amount</TableHead>
          <TableHead className="text-right">Executed price</TableHead>
          <TableHead className="text-right">Filled</TableHead>
          <TableHead className="text-right">Fee</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {view.rows.map((o) => (
          <TableRow key={o.id} data-testid="coins-order-row">
            <TableCell>
              <Link href={`/coins/orders/${o.id}`} className="font-mono text-xs underline-offset-4 hover:underline focus-visible:underline">
                {o.id.slice(0, 8)}
                <span className="sr-only"> order {o.id}</span>
              </Link>
            </TableCell>
            <TableCell className="text-sm capitalize">{o.side}</TableCell>
            <TableCell className="text-sm whitespace-nowrap">
              {o.base_asset}/{o.quote_asset}
            </TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(o.base_amount, o.base_asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(o.quote_amount, o.quote_asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(o.executed_price, o.quote_asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(o.filled_quantity, o.base_asset)}</TableCell>
            <TableCell className="text-right text-sm tabular-nums">{formatAsset(o.fee, o.fee_asset ?? o.quote_asset)}</TableCell>
            <TableCell>
              <StatusBadge status={o.status} />
              {o.failure_reason ? <div className="mt-1 font-mono text-xs text-muted-foreground">{o.failure_reason}</div> : null}
            </TableCell>
            <TableCell className="text-sm whitespace-nowrap">{formatDateTime(o.created_at ?? null)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </CoinsTable>
  );
}
