"use client";
import { Link } from "@/components/ui/link";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { FigureError, StaleNote } from "@/components/page/figure-freshness";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTimeZone } from "@/components/ui/date-time";
import type { DepositsToday, Figure, Overview } from "@/lib/balances/overview";
import { liveKeys } from "@/lib/live/query-keys";
import { isDepositStatusFilter } from "@/lib/review/deposit-filters";

/*
 * Deposit events invalidate every "deposit" list, so today's counts and the review count refresh
 * when a deposit arrives or changes; approvals have no events, the count refreshes with them.
 */
export const OVERVIEW_KEY = liveKeys.list("deposit", "overview");

const STATUS_LABELS: Record<string, string> = {
  RECEIVED: "Received",
  PROCESSING: "Processing",
  REQUIRES_REVIEW: "In review",
  COMPLETED: "Completed",
  FAILED: "Failed",
};

/** A status the provider added since is shown as it wrote it. */
const label = (status: string) => STATUS_LABELS[status] ?? status;
const count = new Intl.NumberFormat("en-GB");

function useOverview(initial: Overview) {
  const refetchInterval = useLiveRefetchInterval();
  return useServerQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => fetchJson<Overview>("/api/balances/overview", "The overview could not be refreshed. Try again in a moment."),
    initialData: initial,
    initialDataUpdatedAt: Date.now(),
    staleTime: 10_000,
    refetchInterval,
  });
}

/** One figure's body: its value, or its age when stale, or its sentence and a retry when there is nothing. */
function FigureBody<T>({
  figure,
  onRetry,
  retrying,
  testId,
  children,
}: {
  figure: Figure<T>;
  onRetry: () => void;
  retrying: boolean;
  testId: string;
  children: (data: T) => React.ReactNode;
}) {
  if (!figure.ok) return <FigureError testId={`${testId}-error`} message={figure.error} onRetry={onRetry} retrying={retrying} />;
  return (
    <div className="grid gap-2">
      {children(figure.data)}
      {figure.stale ? <StaleNote fetchedAt={figure.fetchedAt} testId={`${testId}-stale`} /> : null}
    </div>
  );
}

function DepositsTodayList({ data }: { data: DepositsToday }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label={`Deposits on ${data.date} by status`}>
      {data.counts.map((c) => (
        <li key={c.status}>
          <Link
            // The list cannot filter by a status it does not know: that tile opens the day's whole list.
            href={{ pathname: "/deposits", query: isDepositStatusFilter(c.status) ? { status: c.status, from: data.date } : { from: data.date } }}
            className="grid rounded-md border p-3 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            data-testid={`deposits-today-${c.status}`}
          >
            <span className="text-2xl font-semibold tabular-nums">{count.format(c.count)}</span>
            <span className="text-xs text-muted-foreground">{label(c.status)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function OverviewFigures({ initial, showApprovals }: { initial: Overview; showApprovals: boolean }) {
  const query = useOverview(initial);
  const zone = useTimeZone();
  const o = query.data;
  const retry = () => void query.refetch();
  const retrying = query.isFetching;

  return (
    <>
      {query.isRefetchError ? <FigureError testId="overview-refresh-error" message={query.error.message} onRetry={retry} retrying={retrying} /> : null}
      <Card className="md:col-span-2" data-testid="overview-deposits-today">
        <CardHeader>
          <CardTitle>
            <h2>Deposits today</h2>
          </CardTitle>
          <CardDescription>Deposits created today ({zone}) by status. Each figure opens the list filtered to it.</CardDescription>
        </CardHeader>
        <CardContent>
          <FigureBody figure={o.depositsToday} onRetry={retry} retrying={retrying} testId="deposits-today">
            {(d) => <DepositsTodayList data={d} />}
          </FigureBody>
        </CardContent>
      </Card>
      <Card data-testid="overview-in-review">
        <CardHeader>
          <CardTitle>
            <h2>Waiting in review</h2>
          </CardTitle>
          <CardDescription>Deposits the provider flagged, waiting for the team&apos;s decision.</CardDescription>
        </CardHeader>
        <CardContent>
          <FigureBody figure={o.inReview} onRetry={retry} retrying={retrying} testId="in-review">
            {(d) => (
              <Link
                href="/deposits/review"
                className="w-fit rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                data-testid="in-review-link"
              >
                <span className="text-2xl font-semibold tabular-nums">{count.format(d.count)}</span>{" "}
                <span className="text-sm">{d.count === 1 ? "deposit" : "deposits"} in the review queue</span>
              </Link>
            )}
          </FigureBody>
        </CardContent>
      </Card>
      {showApprovals ? (
        <Card data-testid="overview-pending-approvals">
          <CardHeader>
            <CardTitle>
              <h2>Pending approvals</h2>
            </CardTitle>
            <CardDescription>
              {o.pendingApprovals.ok && o.pendingApprovals.data.scope === "yours"
                ? "Your money movements above a threshold, waiting for a second person."
                : "Money movements above a threshold and deposit review decisions, waiting for your decision."}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <FigureBody figure={o.pendingApprovals} onRetry={retry} retrying={retrying} testId="pending-approvals">
              {(d) => (
                <Link
                  href="/approvals"
                  className="w-fit rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  data-testid="pending-approvals-link"
                >
                  <span className="text-2xl font-semibold tabular-nums">{count.format(d.count)}</span>{" "}
                  <span className="text-sm">
                    {d.count === 1 ? "request" : "requests"} {d.scope === "yours" ? "of yours waiting" : "waiting for you"}
                  </span>
                </Link>
              )}
            </FigureBody>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
