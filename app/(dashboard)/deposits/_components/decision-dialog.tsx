"use client";
import { ControlledDialogOnDemand } from "@/components/page/on-demand-dialog";

const loadDialog = () => import("./decision-form-dialog").then((m) => m.DecisionFormDialog);

/** Record a review decision; the dialog and its form load the first time it opens (components/page/on-demand-dialog.tsx). */
export function DecisionDialog(props: { depositId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return <ControlledDialogOnDemand load={loadDialog} props={props} />;
}
