import "server-only";
/** The audit log's export: every row of the filtered set, newest first, as the page lists them. */
import { db } from "@/lib/db";
import { keysetRows, type ExportSource } from "@/lib/export/source";
import { auditFilters } from "./filters";
import { auditWhere } from "./query";

export const AUDIT_CSV_COLUMNS = [
  "id",
  "at",
  "actor_email",
  "actor_id",
  "action",
  "target_type",
  "target_id",
  "environment",
  "before",
  "after",
  "request_id",
  "ip",
  "user_agent",
] as const;

const json = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v));

export const auditExport: ExportSource<typeof auditFilters> = {
  list: "audit-log",
  permission: "audit:read",
  filters: auditFilters,
  columns: AUDIT_CSV_COLUMNS,
  async *rows(scope, { page: _page, ...filters }) {
    const where = auditWhere(scope.organizationId, filters, scope.zone);
    // The id is unique and grows with every row: the page's own order and a total one.
    const rows = keysetRows(
      (after: bigint | null, take) =>
        db.auditLog.findMany({ where: after === null ? where : { AND: [where, { id: { lt: after } }] }, orderBy: { id: "desc" }, take }),
      (r) => r.id,
    );
    for await (const r of rows) {
      yield [
        r.id,
        r.at,
        r.actorEmail,
        r.actorId,
        r.action,
        r.targetType,
        r.targetId,
        r.environment,
        json(r.before),
        json(r.after),
        r.requestId,
        r.ip,
        r.userAgent,
      ];
    }
  },
};
