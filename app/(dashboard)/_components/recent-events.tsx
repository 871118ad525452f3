"use client";

import { RotateCwIcon } from "lucide-react";

import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { useServerQuery } from "@/components/page/use-server-query";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { liveKeys } from "@/lib/live/query-keys";
import type { RecentEvent } from "@/lib/live/recent-event";

export const RECENT_EVENTS_KEY = liveKeys.events("recent");

class RequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function fetchRecentEvents(): Promise<RecentEvent[]> {
  const res = await fetch("/api/events/recent", { headers: { accept: "application/json" }, cache: "no-store" });
  const body = (await res.json().catch(() => null)) as { events?: RecentEvent[]; error?: string } | null;
  if (!res.ok || !body?.events) {
    throw new RequestError(body?.error ?? "Recent events could not be loaded. Check your connection and try again.", res.status);
  }
  return body.events;
}

const STATUS_VARIANTS: Record<string, BadgeProps["variant"]> = {
  COMPLETED: "success",
  SETTLED: "success",
  ACTIVE: "success",
  FILLED: "success",
  REQUIRES_REVIEW: "warning",
  FLAGGED: "warning",
  FAILED: "destructive",
  REJECTED: "destructive",
  CANCELLED: "destructive",
};

/**
 * The organization's latest events in the current environment, as the server rendered them, then
 * refreshed by the live stream (or its polling while the stream is down).
 */
export function RecentEvents({ initial }: { initial: RecentEvent[] }) {
  const refetchInterval = useLiveRefetchInterval();
  const query = useServerQuery({ queryKey: RECENT_EVENTS_KEY, queryFn: fetchRecentEvents, initialData: initial, refetchInterval });

  // A failed refresh keeps the list on screen; the next change or poll tries again.
  const stale = query.isError ? <LoadError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null;

  if (query.data.length === 0) {
    return (
      <>
        {stale}
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="recent-events-empty">
          No events yet. They appear here the moment the provider sends them.
        </p>
      </>
    );
  }

  return (
    <>
      {stale}
      <ul className="grid gap-2 text-sm" aria-label="Recent events" data-testid="recent-events">
        {query.data.map((e) => {
          const at = e.occurredAt ?? e.receivedAt;
          return (
            <li key={e.id} data-testid="recent-event" className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b pb-2 last:border-0">
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-mono text-xs font-medium">{e.name}</span>
                {e.resourceType ? (
                  <span className="min-w-0 truncate text-muted-foreground" title={e.resourceId ?? undefined}>
                    {e.resourceType.replace(/_/g, " ")}
                    {e.resourceId ? <span className="ml-1 font-mono text-xs">{e.resourceId}</span> : null}
                  </span>
                ) : null}
                {e.resourceStatus ? <Badge variant={STATUS_VARIANTS[e.resourceStatus] ?? "secondary"}>{e.resourceStatus}</Badge> : null}
              </span>
              <RelativeTime value={at} className="shrink-0 text-muted-foreground" />
            </li>
          );
        })}
      </ul>
    </>
  );
}

function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/50 p-3 text-sm">
      <span className="text-destructive">{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCwIcon aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}
