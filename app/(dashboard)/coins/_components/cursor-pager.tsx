import { Link } from "@/components/ui/link";
import { cursorQuery, newerPage, olderPage } from "@/lib/coins/filters";

/**
 * Newer / Older over the provider's opaque cursor, kept in the URL with the list's filters. The
 * provider gives only the next cursor, so the cursors of earlier pages travel in `trail`.
 */
export function CursorPager({
  pathname,
  label,
  filters,
  page,
  nextCursor,
  prefix = "",
  shown,
  noun,
}: {
  /** The list's own path: an empty query must still lead to the first page, not to the current URL. */
  pathname: string;
  label: string;
  filters: Record<string, string | undefined>;
  page: { cursor?: string; trail: string[] };
  nextCursor: string | null;
  prefix?: string;
  shown: number;
  noun: [string, string];
}) {
  const newer = newerPage(page);
  // The first page's place in the trail is an empty entry that the URL leaves out on page 2.
  const number = page.cursor ? Math.max(page.trail.length, 1) + 1 : 1;
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      <span className="text-muted-foreground">
        Page {number} · {shown} {shown === 1 ? noun[0] : noun[1]}
        {nextCursor ? ", more on older pages" : ""}
      </span>
      <span className="flex gap-2">
        {newer ? (
          <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={{ pathname, query: cursorQuery(filters, newer, prefix) }} scroll={false}>
            Newer
          </Link>
        ) : null}
        {nextCursor ? (
          <Link
            className="rounded-md border px-3 py-1.5 hover:bg-accent"
            href={{ pathname, query: cursorQuery(filters, olderPage(page, nextCursor), prefix) }}
            scroll={false}
          >
            Older
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
