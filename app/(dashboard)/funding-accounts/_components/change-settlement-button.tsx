"use client";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";
import type { ChangeSettlementProps } from "./change-settlement-dialog";

const loadDialog = () => import("./change-settlement-dialog").then((m) => m.ChangeSettlementDialog);

/** "Change settlement"; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
export function ChangeSettlementButton(props: ChangeSettlementProps) {
  return (
    <DialogOnDemand
      load={loadDialog}
      props={props}
      button={(press) => (
        <Button variant="outline" size="sm" {...press}>
          Change settlement
        </Button>
      )}
    />
  );
}
