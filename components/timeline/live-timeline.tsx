"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { TimelineList, type TimelineItem } from "@/components/timeline/timeline-list";
import { Button } from "@/components/ui/button";
import { liveKeys } from "@/lib/live/query-keys";

async function fetchTimeline(resourceType: string, resourceId: string): Promise<TimelineItem[]> {
  const res = await fetch(`/api/timeline/${encodeURIComponent(resourceType)}/${encodeURIComponent(resourceId)}`, {
    headers: { accept: "application/json" },
    cache: "no-store",
  });
  const body = (await res.json().catch(() => null)) as { entries?: TimelineItem[]; error?: string } | null;
  if (!res.ok || !body?.entries) throw new Error(body?.error ?? "The timeline could not be loaded. Check your connection and try again.");
  return body.entries;
}

/**
 * The timeline, starting from the server's rows and refetched when the live stream reports a change
 * to this resource (or by polling while the stream is down).
 */
export function LiveTimeline({
  resourceType,
  resourceId,
  initial,
  label,
}: {
  resourceType: string;
  resourceId: string;
  initial: TimelineItem[];
  label: string;
}) {
  const refetchInterval = useLiveRefetchInterval();
  const query = useServerQuery({
    queryKey: liveKeys.timeline(resourceType, resourceId),
    queryFn: () => fetchTimeline(resourceType, resourceId),
    initialData: initial,
    refetchInterval,
  });
  return (
    <div className="grid gap-2">
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <span>{query.error.message} Showing what was loaded before.</span>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      <TimelineList items={query.data} label={label} />
    </div>
  );
}
