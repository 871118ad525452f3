import "server-only";
/**
 * Reads of the event store for the event log, its CSV export and resource timelines. Every read
 * is scoped to one organization and one environment (the signed-in user's current one).
 */
import type { Prisma } from "@/lib/generated/prisma/client";
import type { EventFilters } from "./event-filters";
import type { NormalizedEvent } from "./normalize";

export type { EventFilters };
import { db } from "@/lib/db";
import type { RecentEvent } from "@/lib/live/recent-event";
import { dayRangeIn } from "@/lib/time-zone/days";
import { statusRank } from "./names";
import type { WebhookEnvironment } from "./store";

export const EVENTS_PAGE_SIZE = 50;
/** Most values offered per filter menu; any other value still works from the URL. */
const FILTER_CHOICES = 200;

/** `zone`: the viewer's time zone, in which the `from` and `to` days start and end. */
export function eventWhere(
  organizationId: string,
  environment: WebhookEnvironment,
  f: Omit<EventFilters, "page">,
  zone: string,
): Prisma.WebhookEventWhereInput {
  const where: Prisma.WebhookEventWhereInput = { organizationId, environment };
  if (f.name) where.name = f.name;
  if (f.resource) where.resourceType = f.resource;
  if (f.status) where.resourceStatus = f.status;
  if (f.q) where.resourceId = { contains: f.q, mode: "insensitive" };
  if (f.from || f.to) where.receivedAt = dayRangeIn(f.from, f.to, zone);
  return where;
}

const ROW = {
  id: true,
  surface: true,
  name: true,
  receivedName: true,
  providerEventId: true,
  resourceType: true,
  resourceId: true,
  resourceStatus: true,
  signature: true,
  occurredAt: true,
  receivedAt: true,
  duplicates: true,
  lastDuplicateAt: true,
  payload: true,
  headers: true,
} as const;

/** A stored event: the fields the intake normalized (less its dedupe key) and what it recorded of the delivery. */
export interface EventRow extends Omit<NormalizedEvent, "dedupeKey"> {
  id: string;
  surface: string;
  signature: string;
  receivedAt: Date;
  duplicates: number;
  lastDuplicateAt: Date | null;
  payload: unknown;
  headers: unknown;
}

export async function queryEvents(organizationId: string, environment: WebhookEnvironment, f: EventFilters, zone: string) {
  const where = eventWhere(organizationId, environment, f, zone);
  // Filter choices come from what this organization actually received; DISTINCT runs in SQL so a
  // large event table is never pulled into memory.
  const distinct = (column: "name" | "resource_type" | "resource_status") =>
    db.$queryRawUnsafe<{ v: string }[]>(
      `SELECT DISTINCT ${column} AS v FROM webhook_events WHERE organization_id = $1::uuid AND environment = $2::"Environment" AND ${column} IS NOT NULL ORDER BY 1 LIMIT ${FILTER_CHOICES}`,
      organizationId,
      environment,
    );
  const [rows, total, names, resources, statuses] = await Promise.all([
    db.webhookEvent.findMany({
      where,
      select: ROW,
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      take: EVENTS_PAGE_SIZE,
      skip: (f.page - 1) * EVENTS_PAGE_SIZE,
    }),
    db.webhookEvent.count({ where }),
    distinct("name"),
    distinct("resource_type"),
    distinct("resource_status"),
  ]);
  return {
    rows: rows as EventRow[],
    total,
    pages: Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE)),
    names: names.map((n) => n.v),
    resources: resources.map((r) => r.v),
    statuses: statuses.map((s) => s.v),
  };
}

/** The overview's live activity: the latest events, newest first. */
export async function recentEvents(organizationId: string, environment: WebhookEnvironment): Promise<RecentEvent[]> {
  const rows = await db.webhookEvent.findMany({
    where: { organizationId, environment },
    orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
    take: 10,
    select: { id: true, name: true, resourceType: true, resourceId: true, resourceStatus: true, occurredAt: true, receivedAt: true },
  });
  return rows.map((r) => ({ ...r, occurredAt: r.occurredAt?.toISOString() ?? null, receivedAt: r.receivedAt.toISOString() }));
}

export const REJECTIONS_SHOWN = 100;

export function rejectionsWhere(organizationId: string, environment: WebhookEnvironment, includeUnattributed: boolean): Prisma.WebhookRejectionWhereInput {
  return { environment, OR: includeUnattributed ? [{ organizationId }, { organizationId: null }] : [{ organizationId }] };
}

/**
 * Refused deliveries an organization's admins may see, in one environment.
 *
 * A refusal belongs to an organization only when one of its secrets verified the delivery (a
 * signed body that then failed a later check). A missing or wrong signature proves nothing about
 * whose it was, and its source address and user agent may describe another organization's sender
 * or misconfiguration, so such refusals are shown only where they cannot be anyone else's: in a
 * deployment that hosts a single organization (every delivery to its webhook address is about that
 * one). With several organizations they are listed to no one in the app; the rows stay in
 * `webhook_rejections` for the deployment's operator.
 */
export async function listRejections(organizationId: string, environment: WebhookEnvironment) {
  const includeUnattributed = (await db.organization.count()) <= 1;
  const where = rejectionsWhere(organizationId, environment, includeUnattributed);
  const [rows, total] = await Promise.all([
    db.webhookRejection.findMany({ where, orderBy: { at: "desc" }, take: REJECTIONS_SHOWN }),
    db.webhookRejection.count({ where }),
  ]);
  return { rows, total, includeUnattributed };
}

export interface TimelineEntry {
  id: string;
  name: string;
  receivedName: string;
  surface: string;
  status: string | null;
  occurredAt: string | null;
  receivedAt: string;
  /** How many deliveries this one change arrived as (1 when no duplicates). */
  deliveries: number;
}

export const TIMELINE_LIMIT = 200;

/** The story of one resource: its events in the order they happened, duplicates folded. */
export async function getTimeline(organizationId: string, environment: WebhookEnvironment, resourceType: string, resourceId: string): Promise<TimelineEntry[]> {
  const rows = await db.webhookEvent.findMany({
    where: { organizationId, environment, resourceType, resourceId },
    select: { id: true, name: true, receivedName: true, surface: true, resourceStatus: true, occurredAt: true, receivedAt: true, duplicates: true },
    // Events without a change time sort by arrival, after those that have one at the same moment.
    orderBy: [{ occurredAt: { sort: "asc", nulls: "last" } }, { receivedAt: "asc" }, { id: "asc" }],
    take: TIMELINE_LIMIT,
  });
  // Two changes stamped with the same instant (the sandbox emits received and completed together)
  // are told in status order, whichever arrived first.
  const ordered = [...rows].sort((a, b) => {
    const ta = a.occurredAt?.getTime() ?? Number.POSITIVE_INFINITY;
    const tb = b.occurredAt?.getTime() ?? Number.POSITIVE_INFINITY;
    if (ta !== tb) return ta - tb;
    const ra = statusRank(resourceType, a.resourceStatus);
    const rb = statusRank(resourceType, b.resourceStatus);
    if (ra !== rb && ra > 0 && rb > 0) return ra - rb;
    return a.receivedAt.getTime() - b.receivedAt.getTime();
  });
  return ordered.map((r) => ({
    id: r.id,
    name: r.name,
    receivedName: r.receivedName,
    surface: r.surface,
    status: r.resourceStatus,
    occurredAt: r.occurredAt?.toISOString() ?? null,
    receivedAt: r.receivedAt.toISOString(),
    deliveries: r.duplicates + 1,
  }));
}
