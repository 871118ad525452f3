"use client";

import * as React from "react";
import { Link, LinkPending } from "@/components/ui/link";
import { usePathname } from "next/navigation";

import { cn } from "@/lib/utils";
import { activeHref } from "@/lib/nav-match";
import type { ShellNavArea } from "@/components/shell/types";

type SidebarNavProps = {
  nav: ShellNavArea[];
  /** Called after a link is followed, so the small-screen sheet can close itself. */
  onNavigate?: () => void;
  className?: string;
};

/** The one navigation landmark: areas as labelled lists, the current page marked for everyone. */
function SidebarNav({ nav, onNavigate, className }: SidebarNavProps) {
  const pathname = usePathname() ?? "/";
  const current = activeHref(pathname, nav);
  const baseId = React.useId();

  return (
    <nav aria-label="Main" data-slot="sidebar-nav" className={cn("flex flex-col gap-4 p-3", className)}>
      {nav.map((area, index) => {
        const headingId = `${baseId}-area-${index}`;
        return (
          <div key={area.title} className="flex flex-col gap-1">
            <div id={headingId} className="px-2 text-xs font-medium text-muted-foreground">
              {area.title}
            </div>
            <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
              {area.items.map((item) => {
                const isCurrent = item.href === current;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={isCurrent ? "page" : undefined}
                      onClick={onNavigate}
                      className={cn(
                        "flex h-8 items-center gap-2 rounded-md px-2 text-sm outline-none transition-colors hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/50 [&_svg]:size-4 [&_svg]:shrink-0",
                        isCurrent
                          ? "bg-sidebar-accent font-medium text-sidebar-accent-foreground [&_svg]:text-sidebar-accent-foreground"
                          : "text-sidebar-foreground [&_svg]:text-muted-foreground",
                      )}
                    >
                      {item.icon}
                      <span className="truncate">{item.title}</span>
                      <LinkPending />
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

export { SidebarNav, type SidebarNavProps };
