import type { Metadata } from "next";
import { PageHeader } from "@/components/page/page-header";
import { EventsAutoRefresh } from "@/app/(dashboard)/events/_components/auto-refresh";
import { EventsTable } from "@/app/(dashboard)/events/_components/data-table";
import { RejectionsTable } from "@/app/(dashboard)/events/_components/rejections";
import { EventsToolbar } from "@/app/(dashboard)/events/_components/toolbar";
import { ListRegion } from "@/components/list/list-region";
import { can } from "@/lib/auth/permissions";
import { requirePagePermission } from "@/lib/auth/session";
import { RESOURCE_LABELS } from "@/lib/webhooks/names";
import { loadEventFilters } from "@/lib/webhooks/event-filters";
import { listRejections, queryEvents } from "@/lib/webhooks/query";
import { viewerTimeZone } from "@/lib/time-zone/current";

export const metadata: Metadata = { title: "Events" };

export default async function EventsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const me = await requirePagePermission("events:read");
  const filters = await loadEventFilters(searchParams);
  // Refused deliveries say something about the webhook secrets, which only admins manage.
  const showRejections = can(me.role, "keys:manage");
  const [result, rejections] = await Promise.all([
    viewerTimeZone(me).then(({ zone }) => queryEvents(me.organizationId, me.environment, filters, zone)),
    showRejections ? listRejections(me.organizationId, me.environment) : Promise.resolve(null),
  ]);
  const { page, ...rest } = filters;
  const rows = result.rows.map((r) => ({
    id: r.id,
    surface: r.surface,
    name: r.name,
    receivedName: r.receivedName,
    resourceLabel: r.resourceType ? (RESOURCE_LABELS[r.resourceType] ?? r.resourceType) : null,
    resourceId: r.resourceId,
    resourceStatus: r.resourceStatus,
    signature: r.signature,
    occurredAt: r.occurredAt?.toISOString() ?? null,
    receivedAt: r.receivedAt.toISOString(),
    deliveries: r.duplicates + 1,
    payload: JSON.stringify(r.payload, null, 2),
    headers: JSON.stringify(r.headers, null, 2),
  }));
  return (
    <>
      <PageHeader
        title="Events"
        description={`Every webhook event the provider sent in ${me.environment === "production" ? "production" : "the sandbox"}, newest first. Repeated deliveries of one change are counted, not listed twice.`}
      />
      <EventsAutoRefresh />
      <ListRegion>
        <EventsToolbar names={result.names} resources={result.resources} statuses={result.statuses} resourceLabels={{ ...RESOURCE_LABELS }} />
        <EventsTable rows={rows} page={page} pages={result.pages} total={result.total} filters={filters} filtered={Object.values(rest).some(Boolean)} />
      </ListRegion>
      {rejections ? <RejectionsTable rows={rejections.rows} total={rejections.total} includeUnattributed={rejections.includeUnattributed} /> : null}
    </>
  );
}
