/** Which navigation link is the current page (used in the browser by the sidebar and the title). */

/**
 * Whether a link is the current page or one of its sub-pages. "/" only matches itself, and a
 * prefix must end at a path segment, so /settings/team does not light up for /settings/teams.
 */
export function matchesHref(pathname: string, href: string): boolean {
  const path = stripTrailingSlash(pathname);
  const target = stripTrailingSlash(href);
  if (target === "/") return path === "/";
  return path === target || path.startsWith(`${target}/`);
}

/**
 * The one link to mark as current: the longest href that matches, so a nested page listed in
 * the nav wins over its parent and exactly one item carries aria-current.
 */
export function activeHref(pathname: string, nav: readonly { items: readonly { href: string }[] }[]): string | undefined {
  let best: string | undefined;
  for (const area of nav) {
    for (const item of area.items) {
      if (matchesHref(pathname, item.href) && (best === undefined || item.href.length > best.length)) best = item.href;
    }
  }
  return best;
}

function stripTrailingSlash(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] || "/";
  return withoutQuery.length > 1 && withoutQuery.endsWith("/") ? withoutQuery.slice(0, -1) : withoutQuery;
}
