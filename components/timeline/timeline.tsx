import { TimelineList } from "@/components/timeline/timeline-list";
import { RESOURCE_LABELS } from "@/lib/webhooks/names";
import { getTimeline } from "@/lib/webhooks/query";

/**
 * Server component: the events of one resource (deposit, funding account, transfer, withdrawal,
 * Pro order, ...) in the order they happened, duplicates folded. Client pages refetch the same data
 * from GET /api/timeline/<resourceType>/<resourceId> and render it with TimelineList.
 */
export async function Timeline({
  organizationId,
  environment,
  resourceType,
  resourceId,
}: {
  organizationId: string;
  environment: "sandbox" | "production";
  resourceType: string;
  resourceId: string;
}) {
  const items = await getTimeline(organizationId, environment, resourceType, resourceId);
  const label = `${RESOURCE_LABELS[resourceType] ?? resourceType} timeline`;
  return (
    <section aria-label={label} className="grid gap-3">
      <h2 className="text-base font-semibold">Timeline</h2>
      <TimelineList items={items} label={label} />
    </section>
  );
}
