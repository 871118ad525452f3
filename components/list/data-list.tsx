"use client";
import { ChevronRight } from "lucide-react";
import { Fragment, type HTMLAttributes, type ReactNode, useState } from "react";
import { useListRegion } from "@/components/list/list-region";
import type { ListRefresh } from "@/components/list/use-live-list";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import type { SyncedNoteFreshness } from "@/components/page/synced-note";
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Amounts and counts: right aligned, figures of one width, never wrapped. */
  numeric?: boolean;
  className?: string;
  /** Long values wrap (a cell does not by default); not whitespace-normal in className, which would stand beside the default. */
  wrap?: boolean;
  /** The header's alignment (a numeric column's is right already). */
  headerAlign?: "left" | "right";
};

/**
 * Rows that open to show more below them (a button per row, so keyboard users can too): `label`
 * names the button for a screen reader ("Show payload of …" / "Hide payload of …").
 */
export type RowDetail<Row> = { label: (row: Row, open: boolean) => string; render: (row: Row) => ReactNode; testId?: string };

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
  footer,
  stale,
  refresh,
  notice,
  detail,
  testId,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => RowAttributes;
  empty: ReactNode;
  pager?: ReactNode;
  /** Rows under the body, e.g. a sum (a TableRow or two). */
  footer?: ReactNode;
  /** The answer's age; a list read from the local copy carries `synced` and shows how fresh the copy is instead. */
  stale?: { stale: boolean; fetchedAt: string | Date; synced?: SyncedNoteFreshness };
  refresh?: ListRefresh;
  /** A line about the rows shown (e.g. a search that covered only part of the list), above the table. */
  notice?: ReactNode;
  detail?: RowDetail<Row>;
  testId?: string;
}) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const pending = useListRegion()?.pending ?? false;
  const problem = refresh?.error ? <ReadError title="Could not refresh" message={refresh.error} onRetry={refresh.retry} /> : null;
  const note = stale ? <StaleNote stale={stale.stale} fetchedAt={stale.fetchedAt} synced={stale.synced} /> : null;
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
                  {detail ? (
                    <TableHead>
                      <span className="sr-only">Details</span>
                    </TableHead>
                  ) : null}
                  {columns.map((c) => (
                    <TableHead key={c.key} align={c.numeric ? "right" : c.headerAlign}>
                      {c.header}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const key = rowKey(row);
                  const expanded = open.has(key);
                  const detailId = `${testId ?? "row"}-detail-${key}`;
                  return (
                    <Fragment key={key}>
                      <TableRow {...rowProps?.(row)}>
                        {detail ? (
                          <TableCell padding="tight" className="w-10">
                            <button
                              type="button"
                              className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                              aria-expanded={expanded}
                              aria-controls={detailId}
                              onClick={() => toggle(key)}
                            >
                              <ChevronRight aria-hidden className={cn("size-4 transition-transform", expanded && "rotate-90")} />
                              <span className="sr-only">{detail.label(row, expanded)}</span>
                            </button>
                          </TableCell>
                        ) : null}
                        {columns.map((c) => (
                          <TableCell key={c.key} wrap={c.wrap} className={cn(c.numeric && "text-right tabular-nums", c.className)}>
                            {c.cell(row)}
                          </TableCell>
                        ))}
                      </TableRow>
                      {detail && expanded ? (
                        <TableRow id={detailId} data-testid={detail.testId}>
                          <TableCell colSpan={columns.length + 1} className="bg-muted/40">
                            {detail.render(row)}
                          </TableCell>
                        </TableRow>
                      ) : null}
                    </Fragment>
                  );
                })}
              </TableBody>
              {footer ? <TableFooter>{footer}</TableFooter> : null}
            </Table>
          </div>
          {pager}
        </>
      )}
    </div>
  );
}
