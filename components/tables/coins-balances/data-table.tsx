"use client";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";
import { CoinsEmptyState } from "@/app/(dashboard)/coins/_components/empty-state";
import { useCoinsQuery } from "@/app/(dashboard)/coins/_components/list";
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatAsset } from "@/lib/coins/format";
import type { BalancesView } from "@/lib/coins/views";
import { formatDateTime } from "@/lib/format";
import { formatMoney, sumDecimals, toDecimal } from "@/lib/money";

/**
 * Each Coins asset's available, locked and total balance next to the provider's USD valuation
 * (price, value, share of the portfolio). The values add up to the total shown in the footer;
 * when they do not (a provider rounding change), the difference is said rather than hidden.
 */
export function CoinsBalancesTable({ initial }: { initial: BalancesView }) {
  const q = useCoinsQuery(["balances"], "/api/coins/balances", initial);
  const view = q.data;
  if (view.balances.length === 0)
    return <CoinsEmptyState testId="coins-balances-empty" title="No Coins balances" hint="Balances appear here once the Coins account holds any asset." />;
  const valued = new Map((view.portfolio?.assets ?? []).map((a) => [a.asset, a]));
  const total = view.portfolio?.total_value_usd ?? null;
  const sum = view.portfolio ? sumDecimals(view.portfolio.assets.map((a) => a.value_usd ?? "0")) : null;
  return (
    <div className="grid gap-3">
      {q.isError ? <ReadError title="Could not refresh" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} />
      {view.portfolioError ? <ReadError title="The USD valuation could not load" message={view.portfolioError} onRetry={() => void q.refetch()} /> : null}
      {total ? (
        <div className="rounded-lg border p-4" data-testid="coins-portfolio-total">
          <p className="text-sm text-muted-foreground">Total value</p>
          <p className="text-2xl font-semibold tabular-nums">{formatMoney(total, "USD")}</p>
          <p className="text-xs text-muted-foreground">Valued at the USD markets&apos; prices, as of {formatDateTime(view.portfolio?.updated_at ?? null)}.</p>
        </div>
      ) : null}
      <div className="rounded-lg border">
        <Table>
          <TableCaption className="sr-only">Coins balances and their value in US dollars</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Asset</TableHead>
              <TableHead className="text-right">Available</TableHead>
              <TableHead className="text-right">Locked</TableHead>
              <TableHead className="text-right">Total</TableHead>
              <TableHead className="text-right">Price (USD)</TableHead>
              <TableHead className="text-right">Value (USD)</TableHead>
              <TableHead className="text-right">Share</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {view.balances.map((b) => {
              const v = valued.get(b.asset);
              return (
                <TableRow key={b.asset} data-testid="coins-balance-row" data-asset={b.asset}>
                  <TableCell>
                    <div className="font-medium">{b.asset}</div>
                    <div className="text-xs text-muted-foreground">{b.display_name ?? ""}</div>
                  </TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatAsset(b.available, b.asset)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatAsset(b.locked, b.asset)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatAsset(b.total, b.asset)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{v?.price_usd ? formatAsset(v.price_usd, "USD") : "—"}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums" data-testid="coins-balance-value">
                    {v?.value_usd ? formatMoney(v.value_usd, "USD") : "—"}
                  </TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{v?.allocation_pct ? `${v.allocation_pct} %` : "—"}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          {sum !== null && total ? (
            <TableFooter>
              <TableRow>
                <TableCell colSpan={5} className="text-sm font-medium">
                  Sum of values
                </TableCell>
                <TableCell className="text-right text-sm font-medium tabular-nums" data-testid="coins-balance-sum">
                  {formatMoney(sum, "USD")}
                </TableCell>
                <TableCell className="text-right text-xs text-muted-foreground">
                  {toDecimal(total)?.eq(sum) ? "matches the total" : `total says ${formatMoney(total, "USD")}`}
                </TableCell>
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">
        Locked amounts are held by pending orders and withdrawals and return to available if those fail or are cancelled.
      </p>
    </div>
  );
}
