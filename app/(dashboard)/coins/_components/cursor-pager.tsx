import { Link } from "@/components/ui/link";
import { type CursorPlace, newerPage, olderPage } from "@/lib/coins/filters";

/**
 * Newer / Older over the provider's opaque cursor, kept in the URL with the list's filters. The
 * provider gives only the next cursor, so the cursors of earlier pages travel in `trail`.
 */
export function CursorPager({
  href,
  label,
  page,
  nextCursor,
  shown,
  noun,
}: {
  /** The link to a place in this list, from the list's serializer (so the filters stay on). */
  href: (place: CursorPlace) => string;
  label: string;
  page: CursorPlace;
  nextCursor: string | null;
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
          <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={href(newer)} scroll={false}>
            Newer
          </Link>
        ) : null}
        {nextCursor ? (
          <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={href(olderPage(page, nextCursor))} scroll={false}>
            Older
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
