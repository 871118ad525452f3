import "server-only";
/**
 * Writing a notification: one row in the outbox, in the caller's transaction, so it exists exactly
 * when the event it tells of was committed. The same dedupe key twice is one row. Inserting it also
 * signals the sender (a trigger's NOTIFY, delivered at commit; see the migration), which wakes the
 * mail job at once instead of at the next minute's sweep.
 */
import type { Tx } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { NotificationKind } from "./kinds";

export interface NotificationInput {
  organizationId: string;
  kind: NotificationKind;
  dedupeKey: string;
  /** Ids, summaries, amounts: what the mail says. Never a secret. */
  data: Record<string, unknown>;
  /** Who caused it: not told about their own action. */
  actorId?: string | null;
}

export async function notify(tx: Tx, n: NotificationInput): Promise<void> {
  await tx.notification.createMany({
    data: [{ organizationId: n.organizationId, kind: n.kind, dedupeKey: n.dedupeKey, data: n.data as Prisma.InputJsonValue, actorId: n.actorId ?? null }],
    skipDuplicates: true,
  });
}
