"use client";
import { Link } from "@/components/ui/link";
import { useServerQuery } from "@/components/page/use-server-query";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import type { BalanceFigures } from "@/lib/balances/move-schema";
import { RelativeTime } from "@/components/ui/relative-time";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { fetchJson } from "@/components/page/fetch-json";
import { FigureError, StaleNote } from "@/components/page/figure-freshness";
import { SyncedNote } from "@/components/page/synced-note";
import type { SyncedFreshness } from "@/lib/ledger/page-read";

export interface FreshBalances {
  data: BalanceFigures;
  fetchedAt: string;
  stale: boolean;
  /** How fresh the local copy's snapshot is. */
  synced?: SyncedFreshness;
}

/** One key for every view of the three balances; webhook events that move money invalidate it. */
export const BALANCES_KEY = liveKeys.balances("merchant");

export function fetchBalances(): Promise<FreshBalances> {
  return fetchJson<FreshBalances>("/api/balances", "The balances could not be loaded. Try again in a moment.");
}

export function useBalances(initial: FreshBalances | null, initialError?: string | null) {
  const refetchInterval = useLiveRefetchInterval();
  return useServerQuery({
    // When the server could not read them, show its sentence first (as rendered) and ask again on Retry.
    refetchOnMount: !initialError,
    queryKey: BALANCES_KEY,
    queryFn: fetchBalances,
    initialData: initial ?? undefined,
    // Server-rendered data is fresh enough to show; a stale figure asks again at once.
    initialDataUpdatedAt: initial && !initial.stale ? Date.now() : 0,
    staleTime: 10_000,
    refetchInterval,
  });
}

const ITEMS: {
  key: keyof Pick<BalanceFigures, "collectionUsd" | "withdrawalUsd" | "withdrawalNgn">;
  title: string;
  currency: string;
  description: string;
  testId: string;
}[] = [
  { key: "collectionUsd", title: "Collection balance", currency: "USD", description: "Settled deposits waiting to be moved.", testId: "balance-collection" },
  {
    key: "withdrawalUsd",
    title: "Withdrawal balance (USD)",
    currency: "USD",
    description: "Available for transfers and withdrawals.",
    testId: "balance-withdrawal-usd",
  },
  { key: "withdrawalNgn", title: "Withdrawal balance (NGN)", currency: "NGN", description: "Naira kept without conversion.", testId: "balance-withdrawal-ngn" },
];

/**
 * The three merchant balances with their last-updated time. `href` makes each figure a link (the
 * overview links them to the balances page). Headings are h2 on the balances page, h3 under a
 * section heading on the overview.
 */
export function BalanceCards({
  initial,
  initialError,
  href,
  headingLevel = 2,
}: {
  initial: FreshBalances | null;
  initialError?: string | null;
  href?: string;
  headingLevel?: 2 | 3;
}) {
  const query = useBalances(initial, initialError);
  const H = headingLevel === 2 ? "h2" : "h3";

  if (query.data === undefined) {
    if (query.isError || initialError) {
      return (
        <Card>
          <CardContent className="pt-6">
            <FigureError
              testId="balances-error"
              message={query.error?.message ?? initialError ?? "The balances could not be loaded."}
              retrying={query.isFetching}
              onRetry={() => void query.refetch()}
            />
          </CardContent>
        </Card>
      );
    }
    return (
      <div className="grid gap-4 md:grid-cols-3" aria-busy="true">
        <span className="sr-only">Loading balances…</span>
        {ITEMS.map((i) => (
          <Card key={i.key}>
            <CardHeader>
              <Skeleton className="h-4 w-32" />
            </CardHeader>
            <CardContent>
              <Skeleton className="h-8 w-40" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }

  const { data, fetchedAt, stale, synced } = query.data;
  const updated = data.updatedAt ?? fetchedAt;
  return (
    <div className="grid gap-3">
      {synced ? <SyncedNote freshness={synced} /> : stale ? <StaleNote fetchedAt={fetchedAt} testId="balances-stale" /> : null}
      {query.isRefetchError ? (
        <FigureError
          testId="balances-refresh-error"
          message={
            <>
              {query.error.message} The figures below are from <RelativeTime value={fetchedAt} />.
            </>
          }
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <div className="grid gap-4 md:grid-cols-3">
        {ITEMS.map((i) => {
          const value = data[i.key];
          const figure = <span className="text-2xl font-semibold tabular-nums">{value === null ? "Not available" : formatMoney(value, i.currency)}</span>;
          return (
            <Card key={i.key} data-testid={i.testId}>
              <CardHeader>
                <CardTitle>
                  <H className="text-sm font-medium">{i.title}</H>
                </CardTitle>
                <CardDescription>{i.description}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-1">
                {href ? (
                  <Link
                    href={href}
                    className="w-fit rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {figure}
                    <span className="sr-only">, {i.title.toLowerCase()}: open balances</span>
                  </Link>
                ) : (
                  figure
                )}
                <span className="text-xs text-muted-foreground">
                  Updated <RelativeTime value={updated} />
                </span>
              </CardContent>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
