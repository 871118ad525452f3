"use client";
import type { ReactNode } from "react";
import { payoutColumns } from "@/app/(dashboard)/legacy/_components/payout-columns";
import { rampColumns } from "@/app/(dashboard)/legacy/_components/ramp-columns";
import { DataList, type Column as ListColumn } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { Link } from "@/components/ui/link";
import { type LegacyFilters, type LegacyKind, legacyQuery } from "@/lib/legacy/filters";
import type { PayoutRow, RampRow } from "@/lib/legacy/views";

/** A legacy list's column: its header names it. */
export type Column<T> = Omit<ListColumn<T>, "key" | "header"> & { header: string };

type TableProps = {
  noun: [string, string];
  caption: string;
  testId: string;
  /** The list's own path: an empty query alone would keep the current page in the link. */
  path: string;
  view: { page: number; pages: number; total: number };
  filters: Pick<LegacyFilters, "values" | "limit">;
};

/**
 * The one table of the legacy lists (payouts, onramps, offramps): server-read rows, the columns
 * given by each list, and the pager, with filters and page size kept in its links.
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
}: TableProps & { rows: T[]; columns: Column<T>[] }) {
  const href = (page: number) => {
    const qs = new URLSearchParams(legacyQuery(filters, page)).toString();
    return qs ? `?${qs}` : path;
  };
  const filtered = Object.values(filters.values).some(Boolean);
  const pastEnd = view.page > 1;
  const hint: ReactNode = pastEnd ? (
    <Link className="underline underline-offset-4" href={href(1)}>
      Go to the first page
    </Link>
  ) : filtered ? (
    "Clear a filter to see more."
  ) : (
    `This merchant has no ${noun[1]} in this environment. They were made through the provider's older routes, which the app does not create.`
  );
  return (
    <DataList
      caption={caption}
      columns={columns.map((c) => ({ ...c, key: c.header }))}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": `${testId}-row` })}
      empty={
        <ListEmptyState
          testId="legacy-empty"
          title={pastEnd ? "This page is past the end of the list" : filtered ? `No ${noun[1]} match these filters` : `No ${noun[1]}`}
          hint={hint}
        />
      }
      pager={
        <Pager label={`${noun[0][0]!.toUpperCase()}${noun[0].slice(1)} pages`} noun={noun} page={view.page} pages={view.pages} total={view.total} to={href} />
      }
    />
  );
}

/** The table of one legacy list, its columns chosen here so the server page passes only data. */
export function LegacyKindTable({ kind, rows, ...props }: TableProps & { kind: LegacyKind; rows: PayoutRow[] | RampRow[] }) {
  if (kind === "payouts") return <LegacyTable {...props} rows={rows as PayoutRow[]} columns={payoutColumns} />;
  return <LegacyTable {...props} rows={rows as RampRow[]} columns={rampColumns(kind)} />;
}
