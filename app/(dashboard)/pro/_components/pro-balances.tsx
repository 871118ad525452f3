"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { StaleNote } from "@/components/page/stale-note";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import { SHARED_BALANCE_NOTE } from "@/lib/pro/labels";
import { formatQuantity } from "@/lib/pro/format";
import type { ProBalancesView } from "@/lib/pro/views";

export const PRO_BALANCES_KEY = liveKeys.balances("pro");

/** The Pro balances, refreshed when a fill, cancellation or deposit event arrives. */
export function useProBalances(initial: ProBalancesView | null) {
  const refetchInterval = useLiveRefetchInterval();
  return useServerQuery({
    queryKey: PRO_BALANCES_KEY,
    queryFn: () => fetchJson<ProBalancesView>("/api/pro/balances", "The Pro balances could not be loaded. Try again in a moment."),
    initialData: initial ?? undefined,
    refetchInterval,
  });
}

const show = (asset: string, v: string | null) => (v === null ? "—" : asset === "NGN" ? formatMoney(v, "NGN") : formatQuantity(v, asset));

export function ProBalances({ view, error }: { view: ProBalancesView | undefined; error: string | null }) {
  return (
    <section aria-labelledby="pro-balances-heading" className="grid gap-2 rounded-lg border p-4" data-testid="pro-balances">
      <h2 id="pro-balances-heading" className="text-base font-semibold">
        Pro balances
      </h2>
      {view ? (
        <>
          <dl className="grid gap-3 sm:grid-cols-2">
            {view.balances.map((b) => (
              <div key={b.asset} className="grid gap-0.5" data-testid={`pro-balance-${b.asset}`}>
                <dt className="text-sm text-muted-foreground">{b.asset === "USD" ? "USD (unified)" : b.asset} available</dt>
                <dd className="text-lg font-semibold tabular-nums">{show(b.asset, b.available ?? b.total)}</dd>
                <dd className="text-xs text-muted-foreground tabular-nums">
                  Total {show(b.asset, b.total)} · reserved by working orders {show(b.asset, b.reserved)}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">{SHARED_BALANCE_NOTE}</p>
          <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} synced={view.synced} />
        </>
      ) : (
        <p className="text-sm text-warning" data-testid="pro-balances-error">
          {error ?? "The balances are not known right now."} The provider still checks every order.
        </p>
      )}
    </section>
  );
}
