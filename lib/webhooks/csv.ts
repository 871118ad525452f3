import "server-only";
/**
 * CSV export of the event log: the whole filtered set, streamed in keyset-paged batches so a large
 * export never sits in memory and never skips or repeats a row while events keep arriving.
 */
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventFilters } from "./event-filters";
import { eventWhere } from "./query";
import type { WebhookEnvironment } from "./store";

export const CSV_BATCH = 1_000;

export const CSV_COLUMNS = [
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

/** One CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** `zone`: the viewer's time zone, in which the filter's days start and end. */
export function eventsCsvStream(
  organizationId: string,
  environment: WebhookEnvironment,
  filters: Omit<EventFilters, "page">,
  zone: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const base = eventWhere(organizationId, environment, filters, zone);
  let cursor: { receivedAt: Date; id: string } | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine([...CSV_COLUMNS])));
        return;
      }
      const where: Prisma.WebhookEventWhereInput = cursor
        ? { AND: [base, { OR: [{ receivedAt: { lt: cursor.receivedAt } }, { receivedAt: cursor.receivedAt, id: { lt: cursor.id } }] }] }
        : base;
      const rows = await db.webhookEvent.findMany({ where, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: CSV_BATCH });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      let chunk = "";
      for (const r of rows) {
        chunk += csvLine([
          r.receivedAt.toISOString(),
          r.occurredAt?.toISOString() ?? "",
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
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
      const last = rows[rows.length - 1]!;
      cursor = { receivedAt: last.receivedAt, id: last.id };
      if (rows.length < CSV_BATCH) controller.close();
    },
  });
}
