import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db";
import type { RequestContext } from "@/lib/request-context";
import type { Environment } from "@/lib/generated/prisma/enums";

export interface AuditActor {
  id: string | null;
  email: string | null;
  organizationId: string;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId?: string | null;
  environment?: Environment | null;
  before?: unknown;
  after?: unknown;
}

const toJson = (v: unknown) => (v === undefined || v === null ? undefined : (v as Prisma.InputJsonValue));

/** Write one append-only audit row inside the caller's transaction, so it commits with the change. */
export async function writeAudit(tx: Tx, actor: AuditActor, ctx: RequestContext, entry: AuditEntry): Promise<void> {
  await tx.auditLog.create({
    data: {
      organizationId: actor.organizationId,
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      environment: entry.environment ?? null,
      before: toJson(entry.before),
      after: toJson(entry.after),
      requestId: ctx.requestId,
      ip: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    },
  });
}
