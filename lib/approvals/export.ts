import "server-only";
/**
 * The approvals history's export: every request of the filtered set the inbox's history shows
 * (this environment's money movements and the organization's control changes), newest first.
 */
import Decimal from "decimal.js";
import { db } from "@/lib/db";
import { keysetRows, type ExportSource } from "@/lib/export/source";
import type { ApprovalRequest, Prisma } from "@/lib/generated/prisma/client";
import type { StoredResult } from "./decide";
import { listExecutors } from "./executor-registry";
import "./executors/index";
import { expireDue } from "./expiry";
import { inboxFilters } from "./filters";
import { inboxScope } from "./queries";

export const APPROVAL_CSV_COLUMNS = [
  "request_id",
  "created_at",
  "kind",
  "kind_label",
  "summary",
  "amount",
  "currency",
  "status",
  "requested_by",
  "decided_by",
  "decided_at",
  "decision_note",
  "expires_at",
  "provider_resource_id",
  "error",
] as const;

export const approvalsExport: ExportSource<typeof inboxFilters> = {
  list: "approvals",
  permission: "data:read",
  filters: inboxFilters,
  columns: APPROVAL_CSV_COLUMNS,
  async *rows(scope, { status }) {
    // As the page does: a request past its expiry reads as expired, not pending.
    await expireDue(scope.organizationId);
    const where: Prisma.ApprovalRequestWhereInput = { AND: [inboxScope(scope), status ? { status } : {}] };
    const labels = new Map(listExecutors().map((e) => [e.kind, e.label]));
    const emails = new Map<string, string>();
    const rows = keysetRows(
      async (after: { createdAt: Date; id: string } | null, take) => {
        const page = await db.approvalRequest.findMany({
          where: after ? { AND: [where, { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] }] } : where,
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          take,
        });
        // One look-up per page for the people not met yet.
        const missing = [...new Set(page.flatMap((r) => [r.requestedById, r.decidedById]))].filter((id): id is string => !!id && !emails.has(id));
        if (missing.length) {
          const users = await db.user.findMany({ where: { id: { in: missing }, organizationId: scope.organizationId }, select: { id: true, email: true } });
          for (const u of users) emails.set(u.id, u.email);
        }
        return page;
      },
      (r: ApprovalRequest) => ({ createdAt: r.createdAt, id: r.id }),
    );
    for await (const r of rows) {
      const result = r.result as StoredResult | null;
      const resourceId = result?.ok && typeof result.response?.resourceId === "string" ? result.response.resourceId : null;
      yield [
        r.id,
        r.createdAt,
        r.kind,
        labels.get(r.kind) ?? r.kind,
        r.summary,
        new Decimal(r.amount.toString()).toFixed(),
        r.currency,
        r.status,
        emails.get(r.requestedById) ?? null,
        r.decidedById ? (emails.get(r.decidedById) ?? null) : null,
        r.decidedAt,
        r.decisionNote,
        r.expiresAt,
        resourceId,
        result && !result.ok ? result.error : null,
      ];
    }
  },
};
