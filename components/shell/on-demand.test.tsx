import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import { EnvironmentSwitch } from "@/components/shell/environment-switch";
import { MobileNav } from "@/components/shell/mobile-nav";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { UserMenu } from "@/components/shell/user-menu";

// The switch and the account menu import server actions; their module is not needed to render.
vi.mock("@/lib/auth/switch-environment", () => ({ switchEnvironment: vi.fn() }));
vi.mock("@/lib/auth/end-session", () => ({ endSession: vi.fn() }));

const user = { id: "u_1", name: "Ada Obi", email: "ada@example.com", role: "admin" as const };

describe("shell menus before first use", () => {
  it.each([
    ["theme", <ThemeToggle key="t" />, "menu", "Theme"],
    ["account", <UserMenu key="u" user={user} />, "menu", "Account: "],
    ["environment", <EnvironmentSwitch key="e" environment="sandbox" />, "menu", "Environment: "],
    ["navigation", <MobileNav key="m" nav={[]} />, "dialog", "Open navigation"],
  ])("the %s button says what it opens and that it is closed, with no menu in the page yet", (_, element, popup, name) => {
    const html = renderToStaticMarkup(element);
    const button = html.match(/<button [^>]*>/)?.[0] ?? "";
    expect(button).toContain(`aria-haspopup="${popup}"`);
    expect(button).toContain('aria-expanded="false"');
    expect(html).toContain(name);
    expect(html).not.toMatch(/role="menu"|role="dialog"|menuitem/);
  });
});
