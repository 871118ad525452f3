import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditFilters } from "@/lib/audit/filters";
import { db } from "@/lib/db";

export const AUDIT_PAGE_SIZE = 50;

/** The filtered set of one organization's audit rows, for the page and its export. */
export function auditWhere(organizationId: string, f: Omit<AuditFilters, "page">): Prisma.AuditLogWhereInput {
  const where: Prisma.AuditLogWhereInput = { organizationId };
  if (f.action) where.action = f.action;
  if (f.actor) where.actorId = f.actor;
  if (f.target) where.OR = [{ targetId: { contains: f.target } }, { targetType: { equals: f.target } }];
  if (f.from || f.to) {
    where.at = {
      ...(f.from ? { gte: new Date(`${f.from}T00:00:00Z`) } : {}),
      ...(f.to ? { lt: new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000) } : {}),
    };
  }
  return where;
}

export async function queryAudit(organizationId: string, f: AuditFilters) {
  const where = auditWhere(organizationId, f);
  const [rows, total, actions, actors] = await Promise.all([
    db.auditLog.findMany({ where, orderBy: { id: "desc" }, take: AUDIT_PAGE_SIZE, skip: (f.page - 1) * AUDIT_PAGE_SIZE }),
    db.auditLog.count({ where }),
    db.auditLog.findMany({ where: { organizationId }, distinct: ["action"], select: { action: true }, orderBy: { action: "asc" } }),
    db.user.findMany({ where: { organizationId }, select: { id: true, name: true, email: true }, orderBy: { name: "asc" } }),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, id: r.id.toString() })),
    total,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    actions: actions.map((a) => a.action),
    actors,
  };
}
