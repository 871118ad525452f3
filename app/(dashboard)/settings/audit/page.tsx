import type { Metadata } from "next";
import { PageHeader } from "@/components/page/page-header";
import { AuditTable } from "@/app/(dashboard)/settings/audit/_components/data-table";
import { AuditToolbar } from "@/app/(dashboard)/settings/audit/_components/toolbar";
import { requirePagePermission } from "@/lib/auth/session";
import { loadAuditFilters } from "@/lib/audit/filters";
import { queryAudit } from "@/lib/audit/query";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { ListRegion } from "@/components/list/list-region";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("audit:read");
  const filters = await loadAuditFilters(searchParams);
  const { zone } = await viewerTimeZone(me);
  const result = await queryAudit(me.organizationId, filters, zone);
  return (
    <>
      <PageHeader title="Audit log" description="Every change made through the app: who, what, when and from where. Rows cannot be edited or deleted." />
      <ListRegion>
        <AuditToolbar actions={result.actions} actors={result.actors} />
        <AuditTable rows={result.rows} page={filters.page} pages={result.pages} total={result.total} filters={filters} />
      </ListRegion>
    </>
  );
}
