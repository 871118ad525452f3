"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { fetchJson } from "@/components/page/fetch-json";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { typeLabel } from "@/app/(dashboard)/recipients/_components/labels";
import { RecipientsEmptyState } from "@/app/(dashboard)/recipients/_components/empty-state";
import { Pager, pageQuery } from "@/components/tables/pager";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { liveKeys } from "@/lib/live/query-keys";
import type { RecipientFilters } from "@/lib/recipients/filters";
import { recipientName, recipientSummary, type RecipientListView } from "@/lib/recipients/views";

/**
 * The recipients for the URL's type filter and search, hydrated by the server's read; refetched
 * through the GET route when the query is invalidated (e.g. by a full live resync).
 */
export function RecipientsTable({ initial, filters, canCreate }: { initial: RecipientListView; filters: RecipientFilters; canCreate: boolean }) {
  const query = new URLSearchParams(pageQuery({ type: filters.type, q: filters.q }, filters.page)).toString();
  const q = useQuery({
    queryKey: liveKeys.list("recipient", query),
    queryFn: () => fetchJson<RecipientListView>(`/api/recipients?${query}`, "The recipients could not be loaded. Try again in a moment."),
    initialData: initial,
  });
  if (q.isError && !q.data) return <ReadError title="Recipients could not load" message={q.error.message} onRetry={() => void q.refetch()} />;
  const view = q.data;
  const filtered = Boolean(filters.type || filters.q);
  if (view.rows.length === 0) return <RecipientsEmptyState filtered={filtered} canCreate={canCreate} />;
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      {view.searchedAll ? null : (
        <p className="text-xs text-muted-foreground" data-testid="search-partial">
          The search covered the newest 500 recipients only. Narrow it with the type filter to reach older ones.
        </p>
      )}
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Recipients, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Pays to</TableHead>
              <TableHead>Created</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.rows.map((r) => (
              <TableRow key={r.id} data-testid="recipient-row">
                <TableCell>
                  <Link href={`/recipients/${r.id}`} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                    {recipientName(r)}
                  </Link>
                </TableCell>
                <TableCell>
                  <Badge variant="outline">{typeLabel(r.type)}</Badge>
                </TableCell>
                <TableCell className="font-mono text-xs">{recipientSummary(r)}</TableCell>
                <TableCell className="text-sm whitespace-nowrap">{formatDateTime(r.created_at ?? null)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Pager
        label="Recipient pages"
        noun={["recipient", "recipients"]}
        page={view.page}
        pages={view.pages}
        total={view.total}
        filters={{ type: filters.type, q: filters.q }}
      />
    </div>
  );
}
