import "server-only";
/**
 * The event log's export: every event of the filtered set, newest arrival first as the page lists
 * them, keyset-paged on (arrival, id) so events arriving during the download are neither skipped
 * nor repeated.
 */
import { db } from "@/lib/db";
import { keysetRows, type ExportSource } from "@/lib/export/source";
import { eventFilters } from "./event-filters";
import { eventWhere } from "./query";

export const EVENT_CSV_COLUMNS = [
  "received_at",
  "occurred_at",
  "environment",
  "surface",
  "event",
  "received_as",
  "resource_type",
  "resource_id",
  "resource_status",
  "provider_event_id",
  "deliveries",
  "signature",
  "payload",
] as const;

const ROW = {
  id: true,
  receivedAt: true,
  occurredAt: true,
  environment: true,
  surface: true,
  name: true,
  receivedName: true,
  resourceType: true,
  resourceId: true,
  resourceStatus: true,
  providerEventId: true,
  duplicates: true,
  signature: true,
  payload: true,
} as const;

export const eventsExport: ExportSource<typeof eventFilters> = {
  list: "events",
  permission: "events:read",
  filters: eventFilters,
  columns: EVENT_CSV_COLUMNS,
  async *rows(scope, { page: _page, ...filters }) {
    const where = eventWhere(scope.organizationId, scope.environment, filters, scope.zone);
    const rows = keysetRows(
      (after: { receivedAt: Date; id: string } | null, take) =>
        db.webhookEvent.findMany({
          where: after ? { AND: [where, { OR: [{ receivedAt: { lt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { lt: after.id } }] }] } : where,
          orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
          select: ROW,
          take,
        }),
      (r) => ({ receivedAt: r.receivedAt, id: r.id }),
    );
    for await (const r of rows) {
      yield [
        r.receivedAt,
        r.occurredAt,
        r.environment,
        r.surface,
        r.name,
        r.receivedName,
        r.resourceType,
        r.resourceId,
        r.resourceStatus,
        r.providerEventId,
        r.duplicates + 1,
        r.signature,
        JSON.stringify(r.payload),
      ];
    }
  },
};
