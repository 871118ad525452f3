"use client";
import { type ComponentProps, type ReactNode, useCallback, useEffect, useState } from "react";
import { Slot } from "radix-ui";
import type { AlertDialogContent } from "@/components/ui/alert-dialog";

type Dialog = typeof import("@/components/forms/confirm-dialog").ConfirmDialog;
let dialog: Promise<Dialog> | undefined;
const loadDialog = () => {
  dialog ??= import("@/components/forms/confirm-dialog").then((m) => m.ConfirmDialog);
  return dialog;
};

export type ConfirmActionProps = {
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
};

/**
 * The one confirmation before an action: a title saying what happens, why it matters, and two
 * buttons. Two ways to run:
 * - with `pending` given, the dialog stays open while the action runs (it cannot be closed then) (both buttons disabled, the
 *   confirm button saying `pendingLabel`) and a refusal (`error`) is shown in it, next to the retry;
 * - without, the confirm button closes the dialog and the action reports elsewhere (a toast).
 *
 * The dialog's code (Radix AlertDialog, about 9 KiB compressed) is fetched when it is first opened,
 * or when its trigger is pointed at or focused; until then only the trigger is rendered. As in
 * components/page/on-demand.ts, a pressed trigger is swapped for the dialog's, which mounts open.
 */
export function ConfirmAction(props: ConfirmActionProps) {
  const [loaded, setLoaded] = useState<{ Dialog: Dialog; open: boolean } | null>(null);
  const controlled = props.open !== undefined;
  // `open`: mount open (the trigger was pressed); a caller's `open` stands either way.
  const load = useCallback((open: boolean) => {
    void loadDialog().then((Dialog) => setLoaded((was) => ({ Dialog, open: open || (was?.open ?? false) })));
  }, []);
  useEffect(() => {
    if (props.open && !loaded) load(false);
  }, [props.open, loaded, load]);
  if (loaded) return <loaded.Dialog {...props} defaultOpen={loaded.open} />;
  if (!props.trigger) return null;
  const press = () => (controlled ? props.onOpenChange?.(true) : load(true));
  return (
    <Slot.Slot
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      onClick={press}
    >
      {props.trigger}
    </Slot.Slot>
  );
}
