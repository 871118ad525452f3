import { Pager } from "@/components/tables/pager";
import { LegacyEmptyState } from "@/app/(dashboard)/legacy/_components/empty-state";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { legacyQuery, type LegacyFilters } from "@/lib/legacy/filters";

export interface Column<T> {
  header: string;
  cell: (row: T) => React.ReactNode;
  className?: string;
}

/**
 * The one table of the legacy lists (payouts, onramps, offramps): server-rendered rows, the
 * columns given by each list, and the pager, with filters and page size kept in its links.
 */
export function LegacyTable<T extends { id: string }>({
  rows,
  columns,
  noun,
  caption,
  testId,
  path,
  view,
  filters,
}: {
  rows: T[];
  columns: Column<T>[];
  noun: [string, string];
  caption: string;
  testId: string;
  /** The list's own path: an empty query alone would keep the current page in the link. */
  path: string;
  view: { page: number; pages: number; total: number };
  filters: Pick<LegacyFilters, "values" | "limit">;
}) {
  if (!rows.length) {
    const filtered = Object.values(filters.values).some(Boolean);
    return (
      <LegacyEmptyState noun={noun[1]} filtered={filtered} pastEnd={view.page > 1 ? { href: { pathname: path, query: legacyQuery(filters, 1) } } : null} />
    );
  }
  return (
    <div className="grid gap-3">
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableCaption className="sr-only">{caption}</TableCaption>
          <TableHeader>
            <TableRow>
              {columns.map((c) => (
                <TableHead key={c.header} className={c.className}>
                  {c.header}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} data-testid={`${testId}-row`}>
                {columns.map((c) => (
                  <TableCell key={c.header} className={c.className}>
                    {c.cell(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager
        label={`${noun[0][0]!.toUpperCase()}${noun[0].slice(1)} pages`}
        noun={noun}
        page={view.page}
        pages={view.pages}
        total={view.total}
        filters={legacyQuery(filters, 1)}
      />
    </div>
  );
}
