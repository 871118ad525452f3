"use client";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "@/components/ui/toast";
import { cancelAllProOrders } from "@/lib/pro/cancel-all-orders";
import { refreshOrders } from "./after-change";
import { ConfirmButton } from "./confirm-button";

/** Cancels every working order after a confirmation that says what it does. */
export function CancelAllButton({ count }: { count: number }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmButton
      label="Cancel all open orders"
      title="Cancel every open order?"
      body={`Every working order that can still be cancelled (new, open or partially filled; ${count} listed now) stops trading and its reserved funds are released. Fills already made stay. Orders still settling cannot be cancelled yet.`}
      confirm="Cancel all"
      pendingLabel="Cancelling…"
      cancel="Keep them"
      destructive
      variant="destructive"
      size="default"
      disabled={count === 0}
      formId="pro-cancel-all"
      run={(attemptKey) => cancelAllProOrders({ confirm: true, attemptKey })}
      onDone={(r) => {
        refreshOrders(queryClient);
        const done = r.cancelled === 1 ? "1 order cancelled." : `${r.cancelled} orders cancelled.`;
        if (r.failed.length > 0) toast.error(`${done} ${r.failed.length} could not be: ${r.failed[0]!.reason}`);
        else toast.success(done);
      }}
      testId="pro-cancel-all"
    />
  );
}
