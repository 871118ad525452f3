"use client";

import type * as React from "react";
import { usePathname } from "next/navigation";

import { activeHref } from "@/lib/nav-match";
import type { ShellNavArea } from "@/components/shell/types";

/**
 * The top bar's title: what the page passed in, otherwise the area and name of the current nav
 * item. Plain text, not a heading: each page owns its single h1.
 */
function PageTitle({ nav, title }: { nav: ShellNavArea[]; title?: React.ReactNode }) {
  const pathname = usePathname() ?? "/";
  if (title) return <div className="min-w-0 truncate text-sm font-medium">{title}</div>;

  const href = activeHref(pathname, nav);
  const area = nav.find((a) => a.items.some((item) => item.href === href));
  const item = area?.items.find((i) => i.href === href);
  if (!area || !item) return null;
  return (
    <div className="flex min-w-0 items-center gap-1.5 truncate text-sm">
      <span className="hidden text-muted-foreground sm:inline">{area.title}</span>
      <span aria-hidden="true" className="hidden text-muted-foreground sm:inline">
        /
      </span>
      <span className="truncate font-medium">{item.title}</span>
    </div>
  );
}

export { PageTitle };
