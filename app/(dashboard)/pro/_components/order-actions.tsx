"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ControlledDialogOnDemand } from "@/components/page/on-demand-dialog";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { cancelProOrder } from "@/lib/pro/cancel-order";
import { canChange } from "@/lib/pro/labels";
import { formatQuantity } from "@/lib/pro/format";
import type { ProOrder } from "@/lib/upstream/schemas/pro";
import { refreshOrders } from "./after-change";
import { ConfirmButton } from "./confirm-button";

const short = (id: string) => id.slice(0, 8);
const loadReplaceDialog = () => import("./replace-order-dialog").then((m) => m.ReplaceOrderDialog);

/** Cancel one order after a confirmation; offered only while the provider allows it. */
export function CancelOrderButton({ order }: { order: ProOrder }) {
  const queryClient = useQueryClient();
  if (!canChange(order.status)) return null;
  return (
    <ConfirmButton
      label="Cancel"
      ariaLabel={`Cancel order ${short(order.order_id)}`}
      title={`Cancel order ${short(order.order_id)}?`}
      body={`The unfilled ${formatQuantity(order.remaining_quantity)} stops trading and its reserved funds are released. What has already filled stays filled.`}
      confirm="Cancel order"
      pendingLabel="Cancelling…"
      destructive
      formId={`pro-cancel-${order.order_id}`}
      run={(attemptKey) => cancelProOrder({ orderId: order.order_id, attemptKey })}
      onDone={() => {
        refreshOrders(queryClient, order.order_id);
        toast.success(`Order ${short(order.order_id)} cancelled.`);
      }}
      testId="pro-cancel"
    />
  );
}

/** Change the price or total quantity of a working limit order; the dialog and its form load the first time it opens. */
export function ReplaceOrderButton({ order }: { order: ProOrder }) {
  const [open, setOpen] = useState(false);
  if (order.type !== "limit" || !canChange(order.status)) return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Replace order ${short(order.order_id)}`}>
        Replace
      </Button>
      <ControlledDialogOnDemand load={loadReplaceDialog} props={{ order, open, onOpenChange: setOpen }} />
    </>
  );
}
