import type { NavArea } from "@/lib/nav";
import type { ShellNavArea } from "@/components/shell/types";

/** Icon components become elements here, on the server, so the nav can cross to client components. */
export function toShellNav(nav: readonly NavArea[]): ShellNavArea[] {
  return nav.map((area) => ({
    title: area.title,
    items: area.items.map(({ title, href, icon: Icon, keywords }) => ({
      title,
      href,
      icon: <Icon aria-hidden="true" />,
      keywords: keywords ? [...keywords] : undefined,
    })),
  }));
}
