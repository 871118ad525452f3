import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { AuditFilters } from "@/lib/audit/filters";
import { db } from "@/lib/db";
import { dayRangeIn } from "@/lib/time-zone/days";

export const AUDIT_PAGE_SIZE = 50;

/** The filtered set of one organization's audit rows, for the page and its export; days in the viewer's `zone`. */
export function auditWhere(organizationId: string, f: Omit<AuditFilters, "page">, zone: string): Prisma.AuditLogWhereInput {
  const where: Prisma.AuditLogWhereInput = { organizationId };
  if (f.action) where.action = f.action;
  if (f.actor) where.actorId = f.actor;
  if (f.target) where.OR = [{ targetId: { contains: f.target } }, { targetType: { equals: f.target } }];
  if (f.from || f.to) where.at = dayRangeIn(f.from, f.to, zone);
  return where;
}

/** `zone`: the viewer's time zone, in which the `from` and `to` days start and end. */
export async function queryAudit(organizationId: string, f: AuditFilters, zone: string) {
  const where = auditWhere(organizationId, f, zone);
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
