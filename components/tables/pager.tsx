import { Link } from "@/components/ui/link";

/**
 * Newer / Older paging for server-paged tables, with the page in the URL next to the table's
 * filters (so a page of a filtered view can be shared).
 */
/** The URL query for one page of a filtered view: empty filters left out. */
export function pageQuery(filters: Record<string, string | number | undefined>, page: number): Record<string, string> {
  return Object.fromEntries(
    Object.entries({ ...filters, page })
      .filter(([, v]) => v !== undefined && String(v) !== "")
      .map(([k, v]) => [k, String(v)]),
  );
}

export function Pager({
  label,
  noun,
  page,
  pages,
  total,
  filters,
}: {
  /** Names the navigation landmark, e.g. "Audit log pages". */
  label: string;
  /** Singular and plural of what is counted, e.g. ["entry", "entries"]. */
  noun: [string, string];
  page: number;
  pages: number;
  total: number;
  filters: Record<string, string | number | undefined>;
}) {
  const href = (p: number) => ({ query: pageQuery(filters, p) });
  const last = Math.max(pages, 1);
  return (
    <nav aria-label={label} className="flex items-center justify-between text-sm">
      <span className="text-muted-foreground">
        {total} {total === 1 ? noun[0] : noun[1]} · page {page} of {last}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={href(page - 1)} scroll={false}>
            Newer
          </Link>
        ) : null}
        {page < pages ? (
          <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={href(page + 1)} scroll={false}>
            Older
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
