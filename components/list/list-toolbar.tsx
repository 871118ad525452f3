"use client";
import { type ReactNode, useEffect } from "react";
import { useListRegion } from "@/components/list/list-region";
import { ListSearch } from "@/components/list/list-search";
import { Button } from "@/components/ui/button";
import { ExportLink } from "@/components/list/export-link";

/**
 * The row of a list's filters. `pending` is the transition the toolbar passes to nuqs: while the
 * server renders the new result a thin bar runs under the filters and "Updating the list…" is
 * announced, and the table of the same ListRegion is marked busy. `onClear` is given only when a
 * filter is set; it shows "Clear filters". `exportHref` (the list's export route with the filters on
 * screen) adds "Export CSV", which downloads every matching row, not only the page shown. `search` names the kind of the synced copy the list
 * shows: a "Find" box leads first, opening any of its records by id, hash, name or number.
 */
export function ListToolbar({
  testId,
  pending,
  children,
  onClear,
  exportHref,
  search,
  searchParam,
}: {
  testId?: string;
  pending: boolean;
  children: ReactNode;
  onClear?: () => void;
  exportHref?: string;
  search?: string;
  /** The URL parameter of the Find box's text, when the page holds two lists (default `find`). */
  searchParam?: string;
}) {
  const region = useListRegion();
  const setPending = region?.setPending;
  useEffect(() => {
    if (!setPending) return;
    setPending(pending);
    return () => setPending(false);
  }, [pending, setPending]);
  return (
    <div className="relative mb-4" data-testid={testId}>
      <div className="flex flex-wrap items-end gap-3" aria-busy={pending}>
        {search ? <ListSearch kind={search} param={searchParam} /> : null}
        {children}
        {onClear ? (
          <Button variant="ghost" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
        {exportHref ? <ExportLink href={exportHref} /> : null}
      </div>
      <div aria-hidden="true" className="absolute inset-x-0 -bottom-2 h-0.5 overflow-hidden rounded-full" data-testid="list-progress" hidden={!pending}>
        <div className="h-full w-full animate-pulse bg-primary" />
      </div>
      <p role="status" className="sr-only">
        {pending ? "Updating the list…" : ""}
      </p>
    </div>
  );
}
