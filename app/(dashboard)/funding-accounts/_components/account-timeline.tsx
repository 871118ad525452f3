"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { TimelineList, type TimelineItem } from "@/components/timeline/timeline-list";
import { liveKeys } from "@/lib/live/query-keys";
import { ReadError } from "@/components/page/read-error";

export const accountTimelineKey = (id: string) => liveKeys.timeline("funding_account", id);

/** The account's webhook events, refetched from the timeline route whenever the live stream reports one. */
export function AccountTimeline({ accountId, initial }: { accountId: string; initial: TimelineItem[] }) {
  const refetchInterval = useLiveRefetchInterval();
  const q = useServerQuery({
    queryKey: accountTimelineKey(accountId),
    queryFn: async () =>
      (await fetchJson<{ entries: TimelineItem[] }>(`/api/timeline/funding_account/${accountId}`, "The timeline could not be loaded. Try again in a moment."))
        .entries,
    initialData: initial,
    refetchInterval,
  });
  return (
    <section aria-label="Funding account timeline" className="grid gap-3">
      <h2 className="text-base font-semibold">Timeline</h2>
      {q.isError ? <ReadError title="Could not refresh the timeline" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <TimelineList items={q.data} label="Funding account timeline" />
    </section>
  );
}
