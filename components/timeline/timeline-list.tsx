import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import type { TimelineEntry } from "@/lib/webhooks/query";

/** One folded event of a resource's story, as getTimeline returns it (a type import: nothing of the server module ships). */
export type TimelineItem = TimelineEntry;

/**
 * The ordered story of one resource. Plain markup (no hooks), so a server page renders it and a
 * client page can render refetched data with the same component.
 */
export function TimelineList({ items, label = "Event timeline" }: { items: TimelineItem[]; label?: string }) {
  if (items.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-6 text-center text-sm" data-testid="timeline-empty">
        <p className="font-medium">No events yet</p>
        <p className="mt-1 text-muted-foreground">Events from the provider appear here as they arrive.</p>
      </div>
    );
  }
  return (
    <ol aria-label={label} className="relative grid gap-4 border-l pl-5">
      {items.map((e) => (
        <li key={e.id} className="relative" data-testid="timeline-entry">
          <span aria-hidden className="absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-background bg-primary" />
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium">{e.name}</span>
            <StatusBadge status={e.status} />
            {e.deliveries > 1 ? (
              <span className="text-xs text-muted-foreground" title="The provider delivered this change more than once; it is counted once.">
                received {e.deliveries}×
              </span>
            ) : null}
          </div>
          {e.receivedName !== e.name ? <p className="text-xs text-muted-foreground">received as {e.receivedName}</p> : null}
          <p className="text-xs text-muted-foreground">
            <DateTime value={e.occurredAt ?? e.receivedAt} />
            {e.occurredAt ? (
              <>
                {" "}
                · arrived <DateTime value={e.receivedAt} />
              </>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
