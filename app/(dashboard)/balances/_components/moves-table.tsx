"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsInteger, useQueryState } from "nuqs";
import { FigureError, StaleNote } from "@/components/page/figure-freshness";
import { freshQuery } from "@/components/page/after-write";
import { fetchJson } from "@/components/page/fetch-json";
import { MOVES_LIST_KEY } from "@/app/(dashboard)/balances/_components/move-balance-form";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { Fresh, MovesPage } from "@/lib/balances/read";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { BalanceMovesEmptyState } from "@/app/(dashboard)/balances/_components/moves-empty-state";
import { BalanceMovesSkeleton } from "@/app/(dashboard)/balances/_components/moves-skeleton";

const STATUS: Record<string, BadgeProps["variant"]> = { COMPLETED: "success", PENDING: "secondary", FAILED: "destructive" };
const BALANCE_NAMES: Record<string, string> = { collection_balance_usd: "Collection", withdrawal_balance_usd: "Withdrawal (USD)" };

/**
 * The provider's list of balance moves, paged on the server; the page number lives in the URL
 * (`?page=`), so a view can be shared and the back button works.
 */
export function BalanceMovesTable({ initial, initialPage }: { initial: Fresh<MovesPage> | null; initialPage: number }) {
  const [page, setPage] = useQueryState("page", parseAsInteger.withDefault(1).withOptions({ history: "push", scroll: false }));
  const refetchInterval = useLiveRefetchInterval();
  const query = useQuery({
    queryKey: [...MOVES_LIST_KEY, page],
    queryFn: () =>
      fetchJson<Fresh<MovesPage>>(
        `/api/balances/moves?page=${page}${freshQuery() ? `&${freshQuery()}` : ""}`,
        "The balance moves could not be loaded. Try again in a moment.",
      ),
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
  const { data, stale, fetchedAt } = query.data;
  return (
    <div className="grid gap-3" aria-busy={query.isFetching}>
      {stale ? <StaleNote fetchedAt={fetchedAt} testId="balance-moves-stale" /> : null}
      {query.isError ? <FigureError message={query.error.message} retrying={query.isFetching} onRetry={() => void query.refetch()} /> : null}
      {data.rows.length === 0 ? (
        <BalanceMovesEmptyState />
      ) : (
        <div className="rounded-lg border">
          <Table>
            <TableCaption className="sr-only">Balance moves, newest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>From</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Reference</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((m) => (
                <TableRow key={m.id} data-testid="balance-move-row">
                  <TableCell className="whitespace-nowrap text-sm">{formatDateTime(m.createdAt)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(m.amountUsd, "USD")}</TableCell>
                  <TableCell className="text-sm">{m.from ? (BALANCE_NAMES[m.from] ?? m.from) : "—"}</TableCell>
                  <TableCell className="text-sm">{m.to ? (BALANCE_NAMES[m.to] ?? m.to) : "—"}</TableCell>
                  <TableCell>
                    <Badge variant={STATUS[m.status] ?? "outline"}>{m.status}</Badge>
                  </TableCell>
                  <TableCell className="max-w-72 font-mono text-xs break-all whitespace-normal text-muted-foreground">{m.id}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {data.pages > 1 ? (
        <nav aria-label="Balance move pages" className="flex items-center justify-between text-sm">
          <span className="text-muted-foreground">
            {data.total} move{data.total === 1 ? "" : "s"} · page {page} of {data.pages}
          </span>
          <span className="flex gap-2">
            <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => void setPage(page - 1 > 1 ? page - 1 : null)}>
              Newer
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={page >= data.pages} onClick={() => void setPage(page + 1)}>
              Older
            </Button>
          </span>
        </nav>
      ) : null}
    </div>
  );
}
