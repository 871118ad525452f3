"use client";

import { MoonIcon, SunIcon } from "lucide-react";

import { Button } from "@/components/ui/button";
import { useOnDemand } from "@/components/page/on-demand";

const loadMenu = () => import("@/components/shell/theme-menu").then((m) => m.ThemeMenu);

/** Light, dark or follow the system. The icon follows the applied theme through CSS, so the
 * server render needs no knowledge of it and nothing flickers on hydration. */
function ThemeToggle() {
  const { Loaded: ThemeMenu, triggerProps } = useOnDemand(loadMenu);
  const button = (props: Partial<typeof triggerProps>) => (
    <Button variant="ghost" size="icon-sm" aria-haspopup="menu" {...props}>
      <SunIcon className="dark:hidden" aria-hidden="true" />
      <MoonIcon className="hidden dark:block" aria-hidden="true" />
      <span className="sr-only">Theme</span>
    </Button>
  );
  return ThemeMenu ? <ThemeMenu trigger={button({})} /> : button(triggerProps);
}

export { ThemeToggle };
