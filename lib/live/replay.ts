import "server-only";
import type { Db } from "@/lib/db";
import { changeEventId, changeIdTime, changeName } from "@/lib/ledger/announce";
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

/** Where a browser resumes: after the last event it handled, or after the moment its page was read. */
export type ReplayCursor = { lastEventId: string } | { since: Date };

/** A page older than this replays nothing: the browser refreshes everything instead. */
export const SINCE_MAX_AGE_MS = 10 * 60_000;

/**
 * Events stored in this organization and environment after the cursor, oldest first. Null when
 * the cursor cannot say what was missed (an id unknown here, or a time too old or in the future):
 * the caller asks the browser to refresh everything.
 */
export async function replaySince(db: Db, scope: LiveScope, cursor: ReplayCursor, limit = REPLAY_LIMIT, now = new Date()): Promise<ReplayResult | null> {
  const where = { organizationId: scope.organizationId, environment: scope.environment };
  let from: Date;
  let skip: string | null = null;
  if ("lastEventId" in cursor) {
    if (!UUID.test(cursor.lastEventId)) return null;
    const found = await db.webhookEvent.findFirst({ where: { ...where, id: cursor.lastEventId }, select: { id: true, receivedAt: true } });
    // Not a stored event: a change a sweep announced carries its own time (lib/ledger/announce.ts).
    const at = found ? found.receivedAt : changeIdTime(cursor.lastEventId);
    if (!at) return null;
    if (!found) {
      const age = now.getTime() - at.getTime();
      if (age > SINCE_MAX_AGE_MS || age < -REPLAY_OVERLAP_MS) return null;
    }
    from = at;
    skip = cursor.lastEventId;
  } else {
    const age = now.getTime() - cursor.since.getTime();
    if (Number.isNaN(age) || age > SINCE_MAX_AGE_MS || age < -REPLAY_OVERLAP_MS) return null;
    from = cursor.since;
  }
  const after = new Date(from.getTime() - REPLAY_OVERLAP_MS);
  const [rows, synced] = await Promise.all([
    db.webhookEvent.findMany({
      where: { ...where, receivedAt: { gte: after }, ...(skip ? { id: { not: skip } } : {}) },
      orderBy: [{ receivedAt: "asc" }, { id: "asc" }],
      take: limit + 1,
      select: { id: true, name: true, resourceType: true, resourceId: true, resourceStatus: true, receivedAt: true },
    }),
    // Changes the copy's own reads found; webhook-borne ones are replayed from their event above.
    db.syncedObject.findMany({
      where: { ...where, changedAt: { gte: after }, source: { in: ["sweep", "backfill", "fetch"] } },
      orderBy: [{ changedAt: "asc" }, { providerId: "asc" }],
      take: limit + 2,
      select: { kind: true, providerId: true, status: true, changedAt: true },
    }),
  ]);
  const changes = synced
    .map((r) => ({
      id: changeEventId(scope, r.kind, r.providerId, r.changedAt),
      name: changeName(r.kind, r.status),
      resourceType: r.kind,
      resourceId: r.providerId,
      resourceStatus: r.status,
      receivedAt: r.changedAt,
    }))
    .filter((c) => c.id !== skip);
  const all = [...rows, ...changes].sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || (a.id < b.id ? -1 : 1));
  if (all.length > limit) return { events: [], complete: false };
  return { events: all.map(({ receivedAt: _at, ...e }) => e), complete: true };
}
