"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useTransition } from "react";
import { toast } from "@/components/ui/toast";
import { DetailFields, RefreshNotes, type DetailRow } from "@/app/(dashboard)/coins/_components/detail-fields";
import { invalidateCoins, useCoinsCopyQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Button } from "@/components/ui/button";
import { cancelCoinsOrder } from "@/lib/coins/cancel-order";
import { formatAsset } from "@/lib/coins/format";
import type { OrderView } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { answerOrFailure } from "@/lib/server-actions/answer-or-failure";

/** Why an order failed, in words, for the provider's reasons we know; others are shown as sent. */
const REASONS: Record<string, string> = {
  insufficient_liquidity: "The market could not fill an order this large.",
  stale_price: "The market's price was stale when the order was due to execute, so it was not filled.",
};

/** One Coins order with every field the provider sends; polled while pending, cancellable then. */
export function CoinsOrderDetail({ initial, canTrade }: { initial: OrderView; canTrade: boolean }) {
  const id = initial.order.id;
  const queryClient = useQueryClient();
  const attempt = useAttemptKey(`coins-order-cancel-${id}`);
  const [cancelling, start] = useTransition();
  const q = useCoinsCopyQuery({ one: "coins_order", id }, `/api/coins/orders/${id}`, initial, { moving: (d) => d.order.status === "pending" });
  const o = q.data.order;
  const cancel = () =>
    start(async () => {
      const r = await answerOrFailure(cancelCoinsOrder({ id, attemptKey: attempt.current() }));
      if (r.ok) {
        attempt.renew();
        toast.success("Order cancelled.");
      } else toast.error(r.error);
      invalidateCoins(queryClient);
    });
  const rows: DetailRow[] = [
    [
      "Side",
      <span key="s" className="capitalize">
        {o.side}
      </span>,
    ],
    ["Market", `${o.base_asset}/${o.quote_asset}`],
    ["Base amount", formatAsset(o.base_amount, o.base_asset)],
    ["Quote amount", formatAsset(o.quote_amount, o.quote_asset)],
    ["Executed price", o.executed_price ? `${formatAsset(o.executed_price, o.quote_asset)} per ${o.base_asset}` : "Not executed yet"],
    ["Filled quantity", formatAsset(o.filled_quantity, o.base_asset)],
    ["Fee", formatAsset(o.fee, o.fee_asset ?? o.quote_asset)],
    ["Client order id", o.client_order_id ?? "—"],
    ["Created", <DateTime key="created" value={o.created_at ?? null} />],
    ["Updated", <DateTime key="updated" value={o.updated_at ?? null} />],
  ];
  return (
    <div className="grid max-w-2xl gap-4">
      <RefreshNotes q={q} id={o.id} />
      <div className="flex flex-wrap items-center gap-3" data-testid="coins-order-status">
        <span className="text-sm text-muted-foreground">Status</span>
        <StatusBadge status={o.status} />
        {o.status === "pending" && canTrade ? (
          <Button type="button" variant="outline" size="sm" onClick={cancel} disabled={cancelling}>
            {cancelling ? "Cancelling…" : "Cancel order"}
          </Button>
        ) : null}
      </div>
      {o.failure_reason ? (
        <div className="rounded-lg border border-destructive/50 p-4 text-sm" data-testid="coins-order-failure">
          <p className="font-medium">
            Failed: <span className="font-mono">{o.failure_reason}</span>
          </p>
          {REASONS[o.failure_reason] ? <p className="mt-1 text-muted-foreground">{REASONS[o.failure_reason]}</p> : null}
        </div>
      ) : null}
      <DetailFields rows={rows} testId="coins-order-fields" />
    </div>
  );
}
