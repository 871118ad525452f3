"use client";

import * as React from "react";
import { MenuIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import type { ShellNavArea } from "@/components/shell/types";

/** Below the md breakpoint the sidebar lives in a sheet opened from the top bar. */
function MobileNav({ nav }: { nav: ShellNavArea[] }) {
  const [open, setOpen] = React.useState(false);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon-sm" className="md:hidden">
          <MenuIcon aria-hidden="true" />
          <span className="sr-only">Open navigation</span>
        </Button>
      </SheetTrigger>
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

export { MobileNav };
