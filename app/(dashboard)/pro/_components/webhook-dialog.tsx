"use client";
import { ControlledDialogOnDemand } from "@/components/page/on-demand-dialog";
import type { WebhookDialogProps } from "./webhook-form-dialog";

const loadDialog = () => import("./webhook-form-dialog").then((m) => m.WebhookFormDialog);

/** Create or edit a Pro webhook; the dialog and its form load the first time it opens (components/page/on-demand-dialog.tsx). */
export function WebhookDialog(props: WebhookDialogProps) {
  return <ControlledDialogOnDemand load={loadDialog} props={props} />;
}
