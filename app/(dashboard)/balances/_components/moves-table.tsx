"use client";
import { keepPreviousData } from "@tanstack/react-query";
import { useServerQuery } from "@/components/page/use-server-query";
import { parseAsInteger, useQueryState } from "nuqs";
import { FigureError, StaleNote } from "@/components/page/figure-freshness";
import { SyncedNote } from "@/components/page/synced-note";
import { fetchJson } from "@/components/page/fetch-json";
import { liveKeys } from "@/lib/live/query-keys";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { Fresh, MovesPage } from "@/lib/balances/read";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { Pager } from "@/components/list/pager";
import { BalanceMovesSkeleton } from "@/app/(dashboard)/balances/_components/moves-skeleton";

/** The moves list's query key; the move form refreshes it after a move (a constant here, so the list does not bring the form's code). */
export const MOVES_LIST_KEY = liveKeys.list("balance_move");

const STATUS: Record<string, BadgeProps["variant"]> = { COMPLETED: "success", PENDING: "secondary", FAILED: "destructive" };
const BALANCE_NAMES: Record<string, string> = { collection_balance_usd: "Collection", withdrawal_balance_usd: "Withdrawal (USD)" };
const balanceName = (b: string | null | undefined) => (b ? (BALANCE_NAMES[b] ?? b) : "—");

const columns: Column<MovesPage["rows"][number]>[] = [
  { key: "when", header: "When", className: "whitespace-nowrap text-sm", cell: (m) => <DateTime value={m.createdAt} /> },
  { key: "amount", header: "Amount", numeric: true, cell: (m) => formatMoney(m.amountUsd, "USD") },
  { key: "from", header: "From", className: "text-sm", cell: (m) => balanceName(m.from) },
  { key: "to", header: "To", className: "text-sm", cell: (m) => balanceName(m.to) },
  { key: "status", header: "Status", cell: (m) => <Badge variant={STATUS[m.status] ?? "outline"}>{m.status}</Badge> },
  { key: "reference", header: "Reference", wrap: true, className: "max-w-72 font-mono text-xs break-all text-muted-foreground", cell: (m) => m.id },
];

/**
 * The provider's list of balance moves, paged on the server; the page number lives in the URL
 * (`?page=`), so a view can be shared and the back button works.
 */
export function BalanceMovesTable({ initial, initialPage }: { initial: Fresh<MovesPage> | null; initialPage: number }) {
  const [page, setPage] = useQueryState("page", parseAsInteger.withDefault(1).withOptions({ history: "push", scroll: false }));
  const refetchInterval = useLiveRefetchInterval();
  const query = useServerQuery({
    queryKey: [...MOVES_LIST_KEY, page],
    queryFn: () => fetchJson<Fresh<MovesPage>>(`/api/balances/moves?page=${page}`, "The balance moves could not be loaded. Try again in a moment."),
    initialData: page === initialPage && initial ? initial : undefined,
    initialDataUpdatedAt: initial && !initial.stale ? Date.now() : 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    refetchInterval,
  });

  if (query.data === undefined) {
    if (query.isError)
      return <FigureError testId="balance-moves-error" message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
    return <BalanceMovesSkeleton />;
  }
  const { data, stale, fetchedAt, synced } = query.data;
  return (
    <div className="grid gap-3" aria-busy={query.isFetching}>
      {synced ? <SyncedNote freshness={synced} /> : stale ? <StaleNote fetchedAt={fetchedAt} testId="balance-moves-stale" /> : null}
      {query.isError ? <FigureError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}
      <DataList
        caption="Balance moves, newest first"
        columns={columns}
        rows={data.rows}
        rowKey={(m) => m.id}
        rowProps={() => ({ "data-testid": "balance-move-row" })}
        empty={
          <ListEmptyState
            testId="balance-moves-empty"
            title="No balance moves yet"
            hint="Moves from the collection balance to the withdrawal balance appear here, newest first."
          />
        }
        pager={
          data.pages > 1 ? (
            <Pager
              label="Balance move pages"
              noun={["move", "moves"]}
              page={page}
              pages={data.pages}
              total={data.total}
              to={(p) => () => void setPage(p > 1 ? p : null)}
            />
          ) : null
        }
      />
    </div>
  );
}
