"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import { FormError } from "@/components/forms/form-error";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { cancelAllProOrders } from "@/lib/actions/cancel-all-pro-orders";
import { useAttemptKey } from "@/lib/upstream/use-attempt-key";
import { refreshOrders } from "./after-change";

/** Cancels every working order after a confirmation that says what it does. */
export function CancelAllButton({ count }: { count: number }) {
  const queryClient = useQueryClient();
  const attempt = useAttemptKey("pro-cancel-all");
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const cancelAll = () =>
    start(async () => {
      setError(null);
      const r = await cancelAllProOrders({ confirm: true, attemptKey: attempt.current() });
      if (!r.ok) {
        setError(r.error);
        return;
      }
      attempt.renew();
      refreshOrders(queryClient);
      if (r.data.failed.length > 0) {
        setError(`${r.data.cancelled} cancelled; ${r.data.failed.length} could not be: ${r.data.failed[0]!.reason}`);
        return;
      }
      setOpen(false);
      toast.success(r.data.cancelled === 1 ? "1 order cancelled." : `${r.data.cancelled} orders cancelled.`);
    });
  return (
    <>
      <Button type="button" variant="destructive" onClick={() => setOpen(true)} disabled={count === 0} data-testid="pro-cancel-all">
        Cancel all open orders
      </Button>
      <AlertDialog open={open} onOpenChange={(o) => (!pending ? setOpen(o) : undefined)}>
        <AlertDialogContent data-testid="pro-cancel-all-confirm">
          <AlertDialogHeader>
            <AlertDialogTitle>Cancel every open order?</AlertDialogTitle>
            <AlertDialogDescription>
              Every working order that can still be cancelled (new, open or partially filled; {count} listed now) stops trading and its reserved funds are released. Fills already made stay.
              Orders still settling cannot be cancelled yet.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <FormError message={error} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Keep them</AlertDialogCancel>
            <Button type="button" variant="destructive" onClick={cancelAll} disabled={pending} data-testid="pro-cancel-all-submit">
              {pending ? "Cancelling…" : "Cancel all"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
