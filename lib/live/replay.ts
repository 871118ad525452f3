import "server-only";
import type { Db } from "@/lib/db";
import type { LiveEnvironment } from "./notify";
import type { LiveChange } from "./query-keys";

export interface LiveScope {
  organizationId: string;
  environment: LiveEnvironment;
}

/** `complete: false` means more was missed than is worth replaying: the client refreshes everything. */
export interface ReplayResult {
  events: LiveChange[];
  complete: boolean;
}

export const REPLAY_LIMIT = 100;
/*
 * An event's received_at is set when its transaction starts, so one that started just before the
 * client's last event but committed after it sorts before that event. Replaying a few seconds
 * before the cursor catches it; the browser skips ids it has already handled.
 */
export const REPLAY_OVERLAP_MS = 5_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Events stored in this organization and environment since the one the client saw last, oldest
 * first. Null when that id is unknown here (another environment, deleted, or garbage): the caller
 * cannot tell what was missed.
 */
export async function replaySince(db: Db, scope: LiveScope, lastEventId: string, limit = REPLAY_LIMIT): Promise<ReplayResult | null> {
  if (!UUID.test(lastEventId)) return null;
  const where = { organizationId: scope.organizationId, environment: scope.environment };
  const cursor = await db.webhookEvent.findFirst({ where: { ...where, id: lastEventId }, select: { id: true, receivedAt: true } });
  if (!cursor) return null;
  const rows = await db.webhookEvent.findMany({
    where: { ...where, receivedAt: { gte: new Date(cursor.receivedAt.getTime() - REPLAY_OVERLAP_MS) }, id: { not: cursor.id } },
    orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
    take: limit + 1,
    select: { id: true, name: true, resourceType: true, resourceId: true, resourceStatus: true },
  });
  if (rows.length > limit) return { events: [], complete: false };
  return { events: rows, complete: true };
}
