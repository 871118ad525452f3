"use client";
import { type Column, DataList, type RowDetail } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { type EventFilters, serializeEventFilters } from "@/lib/webhooks/event-filters";

export interface EventTableRow {
  id: string;
  surface: string;
  name: string;
  receivedName: string;
  resourceLabel: string | null;
  resourceId: string | null;
  resourceStatus: string | null;
  signature: string;
  occurredAt: string | null;
  receivedAt: string;
  deliveries: number;
  /** Pretty-printed on the server. */
  payload: string;
  headers: string;
}

const columns: Column<EventTableRow>[] = [
  { key: "received", header: "Received", className: "text-sm whitespace-nowrap", cell: (r) => <DateTime value={r.receivedAt} /> },
  {
    key: "event",
    header: "Event",
    cell: (r) => (
      <>
        <div className="font-mono text-xs">{r.name}</div>
        {r.receivedName !== r.name ? <div className="text-xs text-muted-foreground">received as {r.receivedName}</div> : null}
      </>
    ),
  },
  {
    key: "resource",
    header: "Resource",
    className: "text-xs",
    cell: (r) => (
      <>
        {r.resourceLabel ?? "—"}
        {r.resourceId ? <div className="font-mono break-all text-muted-foreground">{r.resourceId}</div> : null}
      </>
    ),
  },
  { key: "status", header: "Status", cell: (r) => <StatusBadge status={r.resourceStatus} /> },
  { key: "deliveries", header: "Deliveries", className: "text-xs whitespace-nowrap", cell: (r) => (r.deliveries > 1 ? `${r.deliveries}×` : "1×") },
  {
    key: "source",
    header: "Source",
    className: "text-xs text-muted-foreground",
    cell: (r) => `${r.surface} · ${r.signature === "previous" ? "previous secret" : "current secret"}`,
  },
];

/** The raw payload and delivery headers of an event, opened from its row. */
const detail: RowDetail<EventTableRow> = {
  label: (r, open) => `${open ? "Hide" : "Show"} payload of ${r.name}`,
  testId: "event-detail",
  render: (r) => (
    <div className="grid gap-3 p-2 lg:grid-cols-2">
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold">Payload</p>
        <pre className="max-h-96 overflow-auto rounded-md border bg-background p-3 text-xs" tabIndex={0} aria-label={`Payload of ${r.name}`}>
          {r.payload}
        </pre>
      </div>
      <div className="min-w-0">
        <p className="mb-1 text-xs font-semibold">Delivery headers</p>
        <pre className="max-h-96 overflow-auto rounded-md border bg-background p-3 text-xs" tabIndex={0} aria-label={`Headers of ${r.name}`}>
          {r.headers}
        </pre>
        <p className="mt-2 text-xs text-muted-foreground">
          Happened <DateTime value={r.occurredAt} /> · arrived <DateTime value={r.receivedAt} />
        </p>
      </div>
    </div>
  ),
};

/** One page of the event log as the server read it; rows open to show what the provider sent. */
export function EventsTable({
  rows,
  page,
  pages,
  total,
  filters,
  filtered,
}: {
  rows: EventTableRow[];
  page: number;
  pages: number;
  total: number;
  filters: Partial<EventFilters>;
  filtered: boolean;
}) {
  return (
    <DataList
      caption="Webhook events, newest first"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ "data-testid": "event-row", "data-event": r.name })}
      detail={detail}
      testId="events"
      empty={
        filtered ? (
          <ListEmptyState testId="events-empty" title="No events match these filters" hint="Clear a filter or widen the dates." />
        ) : (
          <ListEmptyState
            testId="events-empty"
            title="No events received yet in this environment"
            hint="Events appear here once the provider sends webhooks to this app. Check that a webhook secret is set under API keys."
          />
        )
      }
      pager={
        <Pager
          label="Event log pages"
          noun={["event", "events"]}
          page={page}
          pages={pages}
          total={total}
          to={(p) => serializeEventFilters("/events", { ...filters, page: p })}
        />
      }
    />
  );
}
