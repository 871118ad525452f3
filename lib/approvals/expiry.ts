/**
 * Expiry without a background job: every read and every action first moves the organization's
 * pending requests whose time has passed to `expired`, with one audit row each, so whoever looks
 * first makes the state true for everyone. The UPDATE is conditional on `status = 'pending'`, so
 * an approval racing with expiry wins or loses cleanly; never both.
 */
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { db } from "@/lib/db";
import { destroyDeadHeldKeys } from "./held-keys";

export const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;

interface ExpiredRow {
  id: string;
  environment: Environment;
  kind: string;
  expires_at: Date;
}

/** Expire the organization's overdue pending requests; returns how many changed. */
export async function expireDue(organizationId: string, now: Date = new Date()): Promise<number> {
  const expired = await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<ExpiredRow[]>(Prisma.sql`
      UPDATE approval_requests
         SET status = 'expired', updated_at = ${now}
       WHERE organization_id = ${organizationId}::uuid
         AND status = 'pending'
         AND expires_at <= ${now}
      RETURNING id, environment, kind, expires_at`);
    if (rows.length === 0) return [];
    // The system did this, not a person: no actor, and no request context to attribute it to.
    await tx.auditLog.createMany({
      data: rows.map((r) => ({
        organizationId,
        actorId: null,
        actorEmail: null,
        action: "approval.expired",
        targetType: "approval_request",
        targetId: r.id,
        environment: r.environment,
        before: { status: "pending" },
        after: { status: "expired", kind: r.kind, expiresAt: r.expires_at.toISOString() },
      })),
    });
    return rows.map((r) => r.kind);
  });
  // An expired key addition never applies: its held key is destroyed now.
  if (expired.includes("control_api_key")) await destroyDeadHeldKeys(organizationId, now);
  return expired.length;
}
