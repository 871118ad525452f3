"use client";
import { typeLabel } from "@/app/(dashboard)/recipients/_components/labels";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { useLiveList } from "@/components/list/use-live-list";
import { Badge } from "@/components/ui/badge";
import { Link } from "@/components/ui/link";
import { DateTime } from "@/components/ui/date-time";
import { type RecipientFilters, serializeRecipientFilters } from "@/lib/recipients/filters";
import { type RecipientListView, recipientName, recipientSummary } from "@/lib/recipients/views";

type Row = RecipientListView["rows"][number];

const columns: Column<Row>[] = [
  {
    key: "name",
    header: "Name",
    cell: (r) => (
      <Link href={`/recipients/${r.id}`} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
        {recipientName(r)}
      </Link>
    ),
  },
  { key: "type", header: "Type", cell: (r) => <Badge variant="outline">{typeLabel(r.type)}</Badge> },
  { key: "pays-to", header: "Pays to", className: "font-mono text-xs", cell: (r) => recipientSummary(r) },
  { key: "created", header: "Created", className: "text-sm whitespace-nowrap", cell: (r) => <DateTime value={r.created_at ?? null} /> },
];

/**
 * The recipients for the URL's type filter and search, hydrated by the server's read; refetched
 * through the GET route when the query is invalidated (e.g. by a full live resync).
 */
export function RecipientsTable({ initial, filters, canCreate }: { initial: RecipientListView; filters: Partial<RecipientFilters>; canCreate: boolean }) {
  const query = serializeRecipientFilters(filters);
  const { data: view, refresh } = useLiveList({
    kind: "recipient",
    query,
    url: `/api/recipients${query}`,
    initial,
    errorMessage: "The recipients could not be loaded. Try again in a moment.",
    poll: false,
  });
  const filtered = Boolean(filters.type || filters.q);
  return (
    <DataList
      caption="Recipients, newest first"
      columns={columns}
      rows={view.rows}
      rowKey={(r) => r.id}
      rowProps={() => ({ "data-testid": "recipient-row" })}
      stale={view}
      refresh={refresh}
      notice={
        view.searchedAll ? null : (
          <p className="text-xs text-muted-foreground" data-testid="search-partial">
            The search covered the newest 5,000 recipients only. Narrow it with the type filter to reach older ones.
          </p>
        )
      }
      empty={
        <ListEmptyState
          testId="recipients-empty"
          title={filtered ? "No recipients match this type or search" : "No recipients yet"}
          hint={
            filtered
              ? "Clear the filter or search for something else."
              : canCreate
                ? "Save a bank account or wallet address to pay out to."
                : "Recipients saved by your team appear here."
          }
          action={!filtered && canCreate ? <ListEmptyLink href="/recipients/new">New recipient</ListEmptyLink> : undefined}
        />
      }
      pager={
        <Pager
          label="Recipient pages"
          noun={["recipient", "recipients"]}
          page={view.page}
          pages={view.pages}
          total={view.total}
          to={(page) => serializeRecipientFilters("/recipients", { ...filters, page })}
        />
      }
    />
  );
}
