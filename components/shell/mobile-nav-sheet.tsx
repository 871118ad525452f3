"use client";

import * as React from "react";

import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import type { ShellNavArea } from "@/components/shell/types";

/** The small-screen navigation sheet, loaded on first use (see on-demand.ts); mounts open. */
function MobileNavSheet({ nav, trigger }: { nav: ShellNavArea[]; trigger: React.ReactElement }) {
  const [open, setOpen] = React.useState(true);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" className="w-64 gap-0 bg-sidebar p-0 text-sidebar-foreground">
        <SheetHeader className="border-b px-4 py-3">
          <SheetTitle>Merchant Ops</SheetTitle>
          <SheetDescription className="sr-only">Pages you can open.</SheetDescription>
        </SheetHeader>
        <div className="overflow-y-auto">
          <SidebarNav nav={nav} onNavigate={() => setOpen(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}

export { MobileNavSheet };
