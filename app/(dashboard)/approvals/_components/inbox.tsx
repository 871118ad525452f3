"use client";
import type * as React from "react";
import { keepPreviousData } from "@tanstack/react-query";
import { useServerQuery } from "@/components/page/use-server-query";
import { useQueryStates } from "nuqs";
import { RequestActions } from "@/app/(dashboard)/approvals/_components/request-actions";
import { ReviewActions } from "@/app/(dashboard)/approvals/_components/review-actions";
import { ApprovalsTable, type InboxRow, isReview } from "@/app/(dashboard)/approvals/_components/data-table";
import { ApprovalsToolbar, KindToolbar } from "@/app/(dashboard)/approvals/_components/toolbar";
import { ListEmptyState } from "@/components/list/empty-state";
import { ListRegion } from "@/components/list/list-region";
import { Pager } from "@/components/list/pager";
import { Button } from "@/components/ui/button";
import type { Inbox } from "@/lib/approvals/queries";
import { type InboxFilters, inboxFilters, serializeInboxFilters, STATUS_LABEL } from "@/lib/approvals/filters";
import { liveKeys } from "@/lib/live/query-keys";
import type { Environment } from "@/lib/generated/prisma/enums";

/*
 * Approval changes are made by people in this app, not announced by provider webhooks, so the live
 * stream cannot carry them: the inbox refreshes every 15 s while it is visible (one database read,
 * no provider call), on focus, and at once after the viewer's own decisions.
 */
const REFRESH_MS = 15_000;

async function fetchInbox(kind: InboxFilters["kind"], status: InboxFilters["status"], page: number): Promise<Inbox> {
  const res = await fetch(`/api/approvals${serializeInboxFilters({ kind, status, page })}`, { headers: { accept: "application/json" }, cache: "no-store" });
  const body = (await res.json().catch(() => null)) as (Inbox & { error?: string }) | null;
  if (!res.ok || !body || !Array.isArray(body.waiting)) {
    throw new Error(body?.error ?? "Approvals could not be loaded. Check your connection and try again.");
  }
  return body;
}

function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <span>{message}</span>
      <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        {retrying ? "Retrying…" : "Try again"}
      </Button>
    </div>
  );
}

function Section({ title, description, children, id }: { title: string; description: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

export function ApprovalsInbox({
  initial,
  initialKind,
  initialStatus,
  initialPage,
  mayDecide,
  environment,
  viewerId,
}: {
  initial: Inbox;
  initialKind: string | null;
  initialStatus: string | null;
  initialPage: number;
  mayDecide: boolean;
  environment: Environment;
  viewerId: string;
}) {
  const [filters, setFilters] = useQueryStates(inboxFilters, { shallow: true });
  const kind = filters.kind ?? null;
  const status = filters.status ?? null;
  const page = Math.max(1, filters.page);
  const matchesInitial = kind === initialKind && status === initialStatus && page === initialPage;
  const query = useServerQuery({
    queryKey: liveKeys.approvals("inbox", environment, kind ?? "any", status ?? "all", page),
    queryFn: () => fetchInbox(kind, status, page),
    initialData: matchesInitial ? initial : undefined,
    initialDataUpdatedAt: matchesInitial ? Date.parse(initial.now) : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
    staleTime: 5_000,
  });
  const data = query.data;

  if (!data) {
    if (query.isError) return <LoadError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
    return (
      <p role="status" aria-busy="true" className="text-sm text-muted-foreground">
        Loading approvals…
      </p>
    );
  }

  const actions = (row: InboxRow) => (isReview(row) ? <ReviewActions row={row} viewerId={viewerId} /> : <RequestActions row={row} />);
  const { history } = data;
  // Money movements by expiry first (they lapse), then review decisions oldest first (they do not).
  const waiting: InboxRow[] = [...data.waiting, ...(data.reviews?.waiting ?? [])];
  const mine: InboxRow[] = [...data.mine, ...(data.reviews?.mine ?? [])];

  return (
    <div className="grid gap-8" aria-busy={query.isFetching}>
      {query.isRefetchError ? <LoadError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}

      <ListRegion>
        <KindToolbar kind={kind} pending={query.isPlaceholderData} onKind={(k) => void setFilters({ kind: k })} />
        <div className="grid gap-8">
          <Section
            id="approvals-waiting"
            title={mayDecide ? "Waiting for you" : "Waiting for an approver"}
            description={
              mayDecide
                ? "Requests from other people that need a second approval: money movements (sent to the provider at once when approved), changes to the controls, and deposit review decisions (final once confirmed)."
                : "Only approvers and admins decide on requests. Ask one of them to look at anything waiting here."
            }
          >
            <ApprovalsTable
              rows={waiting}
              caption={
                mayDecide
                  ? "Requests waiting for your decision, soonest expiry first, then review decisions oldest first"
                  : "Requests waiting for an approver, soonest expiry first, then review decisions oldest first"
              }
              actions={actions}
              testId="approvals-waiting"
              empty={
                <ListEmptyState
                  testId="approvals-waiting-empty"
                  title={mayDecide ? "Nothing waits for you" : "Nothing waits for an approver"}
                  hint="Requests above your approval limits appear here the moment someone submits one."
                />
              }
            />
          </Section>

          <Section id="approvals-mine" title="Your requests" description="What you submitted that is waiting for someone else, being sent, or failed.">
            <ApprovalsTable
              rows={mine}
              caption="Your open requests, newest first"
              actions={actions}
              testId="approvals-mine"
              empty={
                <ListEmptyState
                  testId="approvals-mine-empty"
                  title="You have no open requests"
                  hint="A transfer, withdrawal or balance move above the approval limit, or a review decision you recorded, waits here until someone else decides."
                />
              }
            />
          </Section>
        </div>
      </ListRegion>

      <Section
        id="approvals-history"
        title="History"
        description="Every money movement and control change requested in this environment, newest first. A review decision's history is on its deposit's page and in the review queue's export."
      >
        <ListRegion>
          <ApprovalsToolbar status={status} pending={query.isPlaceholderData} onStatus={(s) => void setFilters({ status: s, page: null })} />
          <ApprovalsTable
            rows={history.rows}
            caption="All approval requests, newest first"
            actions={actions}
            show="history"
            testId="approvals-history"
            empty={
              <ListEmptyState
                testId="approvals-history-empty"
                title={status ? `No requests are ${STATUS_LABEL[status].toLowerCase()}` : "No requests yet"}
                hint={status ? "Clear the filter to see every request." : "Requests appear here once someone submits a movement above the approval limits."}
              />
            }
            pager={
              <Pager
                label="Approval history pages"
                noun={["request", "requests"]}
                page={history.page}
                pages={history.pages}
                total={history.total}
                to={(p) => () => void setFilters({ page: p === 1 ? null : p })}
              />
            }
          />
        </ListRegion>
      </Section>
    </div>
  );
}
