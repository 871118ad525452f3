"use client";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";
import type { SavedAddress } from "@/lib/coins/views";

const loadDialog = () => import("./rename-dialog").then((m) => m.RenameAddressDialog);

/** "Rename" in an address's row; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
export function RenameAddressButton({ address }: { address: SavedAddress }) {
  const name = address.label || `${address.asset} on ${address.chain}`;
  return (
    <DialogOnDemand
      load={loadDialog}
      props={{ address }}
      button={(press) => (
        <Button type="button" variant="outline" size="sm" {...press}>
          Rename<span className="sr-only"> {name}</span>
        </Button>
      )}
    />
  );
}
