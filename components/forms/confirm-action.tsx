"use client";
import type { ComponentProps, ReactNode } from "react";
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

/**
 * The one confirmation before an action: a title saying what happens, why it matters, and two
 * buttons. Two ways to run:
 * - with `pending` given, the dialog stays open while the action runs (it cannot be closed then) (both buttons disabled, the
 *   confirm button saying `pendingLabel`) and a refusal (`error`) is shown in it, next to the retry;
 * - without, the confirm button closes the dialog and the action reports elsewhere (a toast).
 */
export function ConfirmAction({
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
}: {
  /** The button that opens the dialog. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** What goes between the description and the buttons (a note field, the figures to check). */
  children?: ReactNode;
  error?: string | null;
  cancel?: string;
  confirm: ReactNode;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  destructive?: boolean;
  /** The dialog's test id. */
  testId?: string;
  confirmTestId?: string;
  onCloseAutoFocus?: ComponentProps<typeof AlertDialogContent>["onCloseAutoFocus"];
}) {
  const variant = destructive ? "destructive" : "default";
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange?.(next))}>
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
