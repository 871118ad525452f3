"use client";
import type * as React from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useQueryStates } from "nuqs";
import { RequestActions } from "@/app/(dashboard)/approvals/_components/request-actions";
import { ApprovalsTable } from "@/app/(dashboard)/approvals/_components/data-table";
import { ApprovalsToolbar } from "@/app/(dashboard)/approvals/_components/toolbar";
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

async function fetchInbox(status: InboxFilters["status"], page: number): Promise<Inbox> {
  const res = await fetch(`/api/approvals${serializeInboxFilters({ status, page })}`, { headers: { accept: "application/json" }, cache: "no-store" });
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
  initialStatus,
  initialPage,
  mayDecide,
  environment,
}: {
  initial: Inbox;
  initialStatus: string | null;
  initialPage: number;
  mayDecide: boolean;
  environment: Environment;
}) {
  const [filters, setFilters] = useQueryStates(inboxFilters, { shallow: true });
  const status = filters.status ?? null;
  const page = Math.max(1, filters.page);
  const matchesInitial = status === initialStatus && page === initialPage;
  const query = useQuery({
    queryKey: liveKeys.approvals("inbox", environment, status ?? "all", page),
    queryFn: () => fetchInbox(status, page),
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

  const actions = (row: Inbox["waiting"][number]) => <RequestActions row={row} />;
  const { history } = data;
  return (
    <div className="grid gap-8" aria-busy={query.isFetching}>
      {query.isRefetchError ? <LoadError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}

      <Section
        id="approvals-waiting"
        title={mayDecide ? "Waiting for you" : "Waiting for an approver"}
        description={
          mayDecide
            ? "Requests from other people that need a second approval. Approving sends them to the provider at once."
            : "Only approvers and admins decide on requests. Ask one of them to look at anything waiting here."
        }
      >
        <ApprovalsTable
          rows={data.waiting}
          caption={mayDecide ? "Requests waiting for your decision, soonest expiry first" : "Requests waiting for an approver, soonest expiry first"}
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
          rows={data.mine}
          caption="Your open requests, newest first"
          actions={actions}
          testId="approvals-mine"
          empty={
            <ListEmptyState
              testId="approvals-mine-empty"
              title="You have no open requests"
              hint="A transfer, withdrawal or balance move above the approval limit waits here until someone approves it."
            />
          }
        />
      </Section>

      <Section id="approvals-history" title="History" description="Every request in this environment, newest first.">
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
