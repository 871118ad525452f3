import Link from "next/link";
import { EventsEmptyState } from "@/components/tables/events/empty-state";
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
  const link = (p: number) => ({
    query: Object.fromEntries(
      Object.entries({ ...filters, page: p })
        .filter(([, v]) => v !== undefined && String(v) !== "")
        .map(([k, v]) => [k, String(v)]),
    ),
  });
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
      <nav aria-label="Event log pages" className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          {total} event{total === 1 ? "" : "s"} · page {page} of {pages}
        </span>
        <span className="flex gap-2">
          {page > 1 ? (
            <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={link(page - 1)} scroll={false}>
              Newer
            </Link>
          ) : null}
          {page < pages ? (
            <Link className="rounded-md border px-3 py-1.5 hover:bg-accent" href={link(page + 1)} scroll={false}>
              Older
            </Link>
          ) : null}
        </span>
      </nav>
    </div>
  );
}
