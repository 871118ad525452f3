"use client";
import { UserPlus } from "lucide-react";
import { DialogOnDemand } from "@/components/page/on-demand-dialog";
import { Button } from "@/components/ui/button";

const loadDialog = () => import("@/app/(dashboard)/settings/team/_components/add-user-dialog").then((m) => m.AddUserDialog);

/** "Add teammate"; the dialog and its form load at the first press (components/page/on-demand-dialog.tsx). */
export function AddUserButton() {
  return (
    <DialogOnDemand
      load={loadDialog}
      props={{}}
      button={(press) => (
        <Button {...press}>
          <UserPlus aria-hidden="true" /> Add teammate
        </Button>
      )}
    />
  );
}
