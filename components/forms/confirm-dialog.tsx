"use client";
import { FormError } from "@/components/forms/form-error";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { ConfirmActionProps } from "@/components/forms/confirm-action";

/** ConfirmAction's dialog (Radix AlertDialog), fetched when it is first opened. `defaultOpen`: it mounts open (its trigger was pressed). */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  error,
  cancel = "Cancel",
  confirm,
  onConfirm,
  pending,
  pendingLabel = "Working…",
  destructive = false,
  testId,
  confirmTestId,
  onCloseAutoFocus,
  defaultOpen,
}: ConfirmActionProps & { defaultOpen?: boolean }) {
  const variant = destructive ? "destructive" : "default";
  return (
    <AlertDialog open={open} defaultOpen={defaultOpen} onOpenChange={(next) => (pending ? undefined : onOpenChange?.(next))}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {error !== undefined ? <FormError message={error} /> : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancel}</AlertDialogCancel>
          {pending === undefined ? (
            <AlertDialogAction variant={destructive ? "destructive" : undefined} onClick={onConfirm} data-testid={confirmTestId}>
              {confirm}
            </AlertDialogAction>
          ) : (
            <Button type="button" variant={variant} onClick={onConfirm} disabled={pending} data-testid={confirmTestId}>
              {pending ? pendingLabel : confirm}
            </Button>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
