import "server-only";
/**
 * Tells every app instance about a change a sweep, the backfill or a fetch found, on the live
 * stream's one channel and in a webhook's shape (lib/live/notify.ts), so a page refreshes the same
 * way whichever source noticed the change first.
 *
 * Replay: a browser that reconnects sends the id of the last change it handled. A change found by
 * a sweep has no webhook_events row, so its id is made from the synced row itself: a UUID of
 * version 7 whose first 48 bits are the row's changed_at in milliseconds and whose rest is a hash
 * of the organization, environment, kind, provider id and that instant. The same change always gets
 * the same id, live or replayed, so the browser's "skip ids already handled" still works, and the
 * time inside lets replay resume after it (lib/live/replay.ts). Webhook events keep random v4 ids.
 */
import { createHash } from "node:crypto";
import { db } from "@/lib/db";
import { notifyEvent } from "@/lib/live/notify";
import type { LedgerScope, StoredChange } from "./store";

/** Event names where the app already has them for this family ("order.filled"), so balance refreshes follow. */
const NAME_PREFIX: Readonly<Record<string, string>> = { pro_order: "order" };

export function changeName(kind: string, status: string | null): string {
  return `${NAME_PREFIX[kind] ?? kind}.${status ? status.toLowerCase() : "updated"}`;
}

export function changeEventId(scope: LedgerScope, kind: string, providerId: string, changedAt: Date): string {
  const ms = changedAt.getTime().toString(16).padStart(12, "0").slice(-12);
  const h = createHash("sha256").update(`${scope.organizationId}\n${scope.environment}\n${kind}\n${providerId}\n${changedAt.getTime()}`).digest("hex");
  const variant = ((Number.parseInt(h[3]!, 16) & 0x3) | 0x8).toString(16);
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${h.slice(0, 3)}-${variant}${h.slice(4, 7)}-${h.slice(7, 19)}`;
}

const V7 = /^([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The instant inside a change id made by `changeEventId`; null for any other id. */
export function changeIdTime(id: string): Date | null {
  const m = V7.exec(id);
  return m ? new Date(Number.parseInt(`${m[1]}${m[2]}`, 16)) : null;
}

/** Announces the changes of one store call; delivered when the transaction commits. */
export async function announceChanges(scope: LedgerScope, kind: string, changes: readonly StoredChange[], changedAt: Date): Promise<void> {
  if (changes.length === 0) return;
  await db.$transaction(async (tx) => {
    for (const c of changes) {
      await notifyEvent(tx, {
        organizationId: scope.organizationId,
        environment: scope.environment,
        eventId: changeEventId(scope, kind, c.providerId, changedAt),
        name: changeName(kind, c.status),
        resourceType: kind,
        resourceId: c.providerId,
        resourceStatus: c.status,
      });
    }
  });
}
