import { LiveTimeline } from "@/components/timeline/live-timeline";
import { RESOURCE_LABELS } from "@/lib/webhooks/names";
import { getTimeline } from "@/lib/webhooks/query";
import type { Environment } from "@/lib/generated/prisma/enums";

/**
 * Server component: the events of one resource (deposit, funding account, transfer, withdrawal,
 * Pro order, ...) in the order they happened, duplicates folded. Rendered first on the server, then
 * kept current in the browser from GET /api/timeline/<resourceType>/<resourceId> whenever the live
 * stream reports a change to this resource. Client pages can use LiveTimeline or TimelineList directly.
 */
export async function Timeline({
  organizationId,
  environment,
  resourceType,
  resourceId,
}: {
  organizationId: string;
  environment: Environment;
  resourceType: string;
  resourceId: string;
}) {
  const items = await getTimeline(organizationId, environment, resourceType, resourceId);
  const label = `${RESOURCE_LABELS[resourceType] ?? resourceType} timeline`;
  return (
    <section aria-label={label} className="grid gap-3">
      <h2 className="text-base font-semibold">Timeline</h2>
      <LiveTimeline resourceType={resourceType} resourceId={resourceId} initial={items} label={label} />
    </section>
  );
}
