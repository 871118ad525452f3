import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { rejectionSentence, STATUS_HELP } from "@/lib/pro/labels";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ProOrder } from "@/lib/upstream/schemas/pro";

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2 text-sm break-all tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Every field of the spec's Pro order; unknown statuses and reasons are shown raw. */
export function OrderFields({ order }: { order: ProOrder }) {
  const rejection = rejectionSentence(order.rejection_reason);
  return (
    <div className="grid gap-3">
      {order.status === "rejected" || order.status === "failed" ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="pro-order-rejection">
          <p className="font-medium text-destructive">
            {order.status === "rejected" ? "The provider rejected this order." : "The provider could not process this order."}
          </p>
          {order.rejection_reason ? <p className="font-mono text-xs">{order.rejection_reason}</p> : null}
          <p>{rejection ?? "The provider gave no reason."}</p>
        </div>
      ) : null}
      <dl className="divide-y rounded-lg border px-4" data-testid="pro-order-fields">
        <Row label="Status" testId="pro-order-status">
          <StatusBadge status={order.status} />
          <span className="text-muted-foreground">{STATUS_HELP[order.status] ?? ""}</span>
        </Row>
        <Row label="Order">
          {order.side === "buy" ? "Buy" : order.side === "sell" ? "Sell" : order.side} · {order.type} · {order.symbol}
        </Row>
        {order.type === "limit" ? <Row label="Limit price">{formatNgn(order.price)}</Row> : null}
        <Row label="Requested" testId="pro-order-requested">
          {formatQuantity(order.requested_quantity)}
        </Row>
        <Row label="Filled" testId="pro-order-filled">
          {formatQuantity(order.filled_quantity)}
        </Row>
        <Row label="Remaining" testId="pro-order-remaining">
          {formatQuantity(order.remaining_quantity)}
        </Row>
        <Row label="Average fill price" testId="pro-order-avg-price">
          {order.avg_fill_price ? formatNgn(order.avg_fill_price) : <span className="text-muted-foreground">No fills yet</span>}
        </Row>
        <Row label="Fees charged" testId="pro-order-fees">
          {order.total_fee_charged ? formatNgn(order.total_fee_charged) : <span className="text-muted-foreground">No fills yet</span>}
        </Row>
        {order.type === "limit" ? <Row label="Fee cap (max taker fee)">{formatNgn(order.max_taker_fee)}</Row> : null}
        <Row label="Client order id">
          <span className="font-mono text-xs">{order.client_order_id || "—"}</span>
        </Row>
        <Row label="Placed">
          <DateTime value={order.created_at ?? null} />
        </Row>
        <Row label="Last change">
          <DateTime value={order.updated_at ?? null} />
        </Row>
      </dl>
    </div>
  );
}
