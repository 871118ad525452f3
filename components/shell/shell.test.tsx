import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { navFor } from "@/lib/nav";
import { ProductionBanner } from "@/components/shell/production-banner";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { toShellNav } from "@/components/shell/shell-nav";

const location = vi.hoisted(() => ({ pathname: "/" }));

// The shared test setup replaces next/navigation for server code; the sidebar also needs the path.
vi.mock("next/navigation", () => ({ usePathname: () => location.pathname }));

function renderAt(pathname: string, element: React.ReactElement): string {
  location.pathname = pathname;
  return renderToStaticMarkup(element);
}

describe("ProductionBanner", () => {
  it("shows an unmistakable bar in production, as a status message", () => {
    const html = renderToStaticMarkup(<ProductionBanner environment="production" />);
    expect(html).toContain('role="status"');
    expect(html).toContain("Production — real money");
    expect(html).toContain("bg-destructive");
  });

  it("shows nothing visible in sandbox but keeps the status region for the switch announcement", () => {
    const html = renderToStaticMarkup(<ProductionBanner environment="sandbox" />);
    expect(html).toContain('role="status"');
    expect(html).not.toContain("Production — real money");
    expect(html).not.toContain("bg-destructive");
    expect(html).toMatch(/class="sr-only">Sandbox/);
  });
});

describe("SidebarNav", () => {
  it("is one labelled navigation landmark with only the role's links", () => {
    const html = renderAt("/", <SidebarNav nav={toShellNav(navFor("viewer"))} />);
    expect(html.match(/<nav /g)).toHaveLength(1);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('href="/"');
    expect(html).not.toContain("/settings/team");
  });

  it("marks exactly the current page with aria-current, including on its sub-pages", () => {
    const html = renderAt("/settings/team/u_42", <SidebarNav nav={toShellNav(navFor("admin"))} />);
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((m) => m[0]);
    expect(current).toHaveLength(1);
    expect(current[0]).toContain('href="/settings/team"');
  });

  it("names each area's list by its visible heading", () => {
    const html = renderAt("/", <SidebarNav nav={toShellNav(navFor("admin"))} />);
    const labelled = [...html.matchAll(/<ul aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(labelled).toHaveLength(navFor("admin").length);
    for (const id of labelled) expect(html).toContain(`id="${id}"`);
  });
});
