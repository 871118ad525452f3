"use client";
import { Plus, RefreshCw } from "lucide-react";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";
import type { KeyDialogProps } from "./key-dialog";

const loadDialog = () => import("./key-dialog").then((m) => m.KeyDialog);

/** "Add" or "Replace" for a key slot; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
export function KeyButton(props: KeyDialogProps) {
  return (
    <DialogOnDemand
      load={loadDialog}
      props={props}
      button={(press) => (
        <Button
          variant={props.mode === "add" ? "default" : "outline"}
          size="sm"
          aria-label={props.mode === "add" ? `Add the ${props.label} key` : `Replace the ${props.label} key`}
          {...press}
        >
          {props.mode === "add" ? <Plus aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
          {props.mode === "add" ? "Add" : "Replace"}
        </Button>
      )}
    />
  );
}
