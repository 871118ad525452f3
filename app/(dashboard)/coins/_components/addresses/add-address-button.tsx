"use client";
import { Plus } from "lucide-react";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";
import type { WithdrawableAsset } from "@/lib/coins/views";

const loadDialog = () => import("./add-dialog").then((m) => m.AddAddressDialog);

/** "Save an address"; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
export function AddAddressButton({ assets }: { assets: WithdrawableAsset[] }) {
  return (
    <DialogOnDemand
      load={loadDialog}
      props={{ assets }}
      button={(press) => (
        <Button type="button" variant="outline" {...press}>
          <Plus aria-hidden="true" /> Save an address
        </Button>
      )}
    />
  );
}
