"use client";

import { MenuIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useOnDemand } from "@/components/page/on-demand";
import type { ShellNavArea } from "@/components/shell/types";

const loadSheet = () => import("@/components/shell/mobile-nav-sheet").then((m) => m.MobileNavSheet);

/** Below the md breakpoint the sidebar lives in a sheet opened from the top bar. */
function MobileNav({ nav }: { nav: ShellNavArea[] }) {
  const { Loaded: MobileNavSheet, triggerProps } = useOnDemand(loadSheet);
  const button = (props: Partial<typeof triggerProps>) => (
    <Button variant="ghost" size="icon-sm" className="md:hidden" aria-haspopup="dialog" {...props}>
      <MenuIcon aria-hidden="true" />
      <span className="sr-only">Open navigation</span>
    </Button>
  );
  return MobileNavSheet ? <MobileNavSheet nav={nav} trigger={button({})} /> : button(triggerProps);
}

export { MobileNav };
