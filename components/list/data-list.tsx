"use client";
import type { HTMLAttributes, ReactNode } from "react";
import { useListRegion } from "@/components/list/list-region";
import type { ListRefresh } from "@/components/list/use-live-list";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts: right aligned, figures of one width, never wrapped. */
  numeric?: boolean;
  className?: string;
  headerClassName?: string;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * Every list's table: the refresh error with a retry, the stale note, the bordered table with its
 * caption for screen readers, then the pager; `empty` instead when there are no rows. Inside a
 * ListRegion whose toolbar is pending, the list is marked busy and dimmed until the new rows come.
 */
export function DataList<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  pager,
  stale,
  refresh,
  notice,
  testId,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => RowAttributes;
  empty: ReactNode;
  pager?: ReactNode;
  stale?: { stale: boolean; fetchedAt: string | Date };
  refresh?: ListRefresh;
  /** A line about the rows shown (e.g. a search that covered only part of the list), above the table. */
  notice?: ReactNode;
  testId?: string;
}) {
  const pending = useListRegion()?.pending ?? false;
  const problem = refresh?.error ? <ReadError title="Could not refresh" message={refresh.error} onRetry={refresh.retry} /> : null;
  const note = stale ? <StaleNote stale={stale.stale} fetchedAt={stale.fetchedAt} /> : null;
  return (
    <div className={cn("grid gap-3 transition-opacity", pending && "opacity-60")} aria-busy={pending} data-testid={testId}>
      {rows.length === 0 ? (
        <>
          {problem}
          {note}
          {empty}
        </>
      ) : (
        <>
          {problem}
          {note}
          {notice}
          <div className="rounded-lg border">
            <Table>
              <TableCaption className="sr-only">{caption}</TableCaption>
              <TableHeader>
                <TableRow>
                  {columns.map((c) => (
                    <TableHead key={c.key} className={cn(c.numeric && "text-right", c.headerClassName)}>
                      {c.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={rowKey(row)} {...rowProps?.(row)}>
                    {columns.map((c) => (
                      <TableCell key={c.key} className={cn(c.numeric && "text-right whitespace-nowrap tabular-nums", c.className)}>
                        {c.cell(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {pager}
        </>
      )}
    </div>
  );
}
