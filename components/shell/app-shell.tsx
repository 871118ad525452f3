import type * as React from "react";
import { Link } from "@/components/ui/link";
import { WalletIcon } from "lucide-react";

import { navFor, type NavArea } from "@/lib/nav";
import { toShellNav } from "@/components/shell/shell-nav";
import { LiveIndicator } from "@/components/live/live-indicator";
import { CommandPalette } from "@/components/shell/command-palette";
import { EnvironmentSwitch } from "@/components/shell/environment-switch";
import { MobileNav } from "@/components/shell/mobile-nav";
import { PageTitle } from "@/components/shell/page-title";
import { ProductionBanner } from "@/components/shell/production-banner";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { UserMenu } from "@/components/shell/user-menu";
import type { Environment, ShellUser } from "@/components/shell/types";

export type AppShellProps = {
  user: ShellUser;
  environment: Environment;
  /** Defaults to what the user's role may see; pass a filtered list to override. */
  nav?: NavArea[];
  /** Shown in the top bar; defaults to the current nav item's area and name. */
  title?: React.ReactNode;
  children: React.ReactNode;
};

/*
 * Header heights, so the sticky sidebar starts under the sticky header: the top bar is 3rem and
 * the production bar adds 1.75rem.
 */
const HEADER_HEIGHT: Record<Environment, string> = { sandbox: "3rem", production: "4.75rem" };

/**
 * The frame of every signed-in page. Landmarks: one banner (header), one navigation (the sidebar,
 * or the sheet on small screens), one main. The skip link comes first so keyboard users can jump
 * past the chrome.
 */
export function AppShell({ user, environment, nav, title, children }: AppShellProps) {
  const shellNav = toShellNav(nav ?? navFor(user.role));
  return (
    <div
      data-slot="app-shell"
      data-environment={environment}
      className="flex min-h-dvh flex-col"
      style={{ "--shell-header": HEADER_HEIGHT[environment] } as React.CSSProperties}
    >
      <a
        href="#main"
        className="sr-only z-[100] rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background">
        <ProductionBanner environment={environment} />
        <div className="flex h-12 items-center gap-2 px-3 md:px-0 md:pr-4">
          <MobileNav nav={shellNav} />
          <Link
            href="/"
            className="flex shrink-0 items-center gap-2 rounded-md text-sm font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 md:w-56 md:px-5"
          >
            <span aria-hidden="true" className="flex size-6 items-center justify-center rounded-md bg-primary text-primary-foreground">
              <WalletIcon className="size-3.5" />
            </span>
            <span className="sr-only sm:not-sr-only">Merchant Ops</span>
          </Link>
          <div className="hidden h-5 w-px bg-border md:block" aria-hidden="true" />
          <div className="min-w-0 flex-1 md:pl-2">
            <PageTitle nav={shellNav} title={title} />
          </div>
          <div className="flex shrink-0 items-center gap-1.5">
            <LiveIndicator />
            <CommandPalette nav={shellNav} />
            <EnvironmentSwitch environment={environment} />
            <ThemeToggle />
            <UserMenu user={user} />
          </div>
        </div>
      </header>
      <div className="flex flex-1">
        <div className="sticky top-(--shell-header) hidden h-[calc(100dvh-var(--shell-header))] w-56 shrink-0 overflow-y-auto border-r bg-sidebar text-sidebar-foreground md:block">
          <SidebarNav nav={shellNav} />
        </div>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-5 md:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
