import { EventsEmptyState } from "@/components/tables/events/empty-state";
import { Pager } from "@/components/tables/pager";
import { EventRows, type EventTableRow } from "@/components/tables/events/rows";
import { Table, TableBody, TableCaption, TableHead, TableHeader, TableRow } from "@/components/ui/table";

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
  filters: Record<string, string | number | undefined>;
  filtered: boolean;
}) {
  if (!rows.length) return <EventsEmptyState filtered={filtered} />;
  return (
    <div className="grid gap-3">
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Webhook events, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">Details</span>
              </TableHead>
              <TableHead>Received</TableHead>
              <TableHead>Event</TableHead>
              <TableHead>Resource</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Deliveries</TableHead>
              <TableHead>Source</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <EventRows rows={rows} />
          </TableBody>
        </Table>
      </div>
      <Pager label="Event log pages" noun={["event", "events"]} page={page} pages={pages} total={total} filters={filters} />
    </div>
  );
}
