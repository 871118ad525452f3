"use client";
import { useCoinsQuery } from "@/app/(dashboard)/coins/_components/use-coins-query";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { ReadError } from "@/components/page/read-error";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatAsset } from "@/lib/coins/format";
import type { BalancesView } from "@/lib/coins/views";
import { DateTime } from "@/components/ui/date-time";
import { compareDecimals, formatMoney, isDecimalString, sumDecimals } from "@/lib/money";

type Balance = BalancesView["balances"][number];
type Valued = NonNullable<BalancesView["portfolio"]>["assets"][number];

/**
 * Each Coins asset's available, locked and total balance next to the provider's USD valuation
 * (price, value, share of the portfolio). The values add up to the total shown in the footer;
 * when they do not (a provider rounding change), the difference is said rather than hidden.
 */
export function CoinsBalancesTable({ initial }: { initial: BalancesView }) {
  const q = useCoinsQuery(["balances"], "/api/coins/balances", initial);
  const view = q.data;
  const valued = new Map<string, Valued>((view.portfolio?.assets ?? []).map((a) => [a.asset, a]));
  const total = view.portfolio?.total_value_usd ?? null;
  const sum = view.portfolio ? sumDecimals(view.portfolio.assets.map((a) => a.value_usd ?? "0")) : null;
  const columns: Column<Balance>[] = [
    {
      key: "asset",
      header: "Asset",
      cell: (b) => (
        <>
          <div className="font-medium">{b.asset}</div>
          <div className="text-xs text-muted-foreground">{b.display_name ?? ""}</div>
        </>
      ),
    },
    { key: "available", header: "Available", numeric: true, className: "text-sm", cell: (b) => formatAsset(b.available, b.asset) },
    { key: "locked", header: "Locked", numeric: true, className: "text-sm", cell: (b) => formatAsset(b.locked, b.asset) },
    { key: "total", header: "Total", numeric: true, className: "text-sm", cell: (b) => formatAsset(b.total, b.asset) },
    {
      key: "price",
      header: "Price (USD)",
      numeric: true,
      className: "text-sm",
      cell: (b) => {
        const v = valued.get(b.asset);
        return v?.price_usd ? formatAsset(v.price_usd, "USD") : "—";
      },
    },
    {
      key: "value",
      header: "Value (USD)",
      numeric: true,
      className: "text-sm",
      cell: (b) => {
        const v = valued.get(b.asset);
        return <span data-testid="coins-balance-value">{v?.value_usd ? formatMoney(v.value_usd, "USD") : "—"}</span>;
      },
    },
    {
      key: "share",
      header: "Share",
      numeric: true,
      className: "text-sm",
      cell: (b) => {
        const v = valued.get(b.asset);
        return v?.allocation_pct ? `${v.allocation_pct} %` : "—";
      },
    },
  ];
  return (
    <div className="grid gap-3">
      {view.portfolioError ? <ReadError title="The USD valuation could not load" message={view.portfolioError} onRetry={q.refresh.retry} /> : null}
      {total && view.balances.length > 0 ? (
        <div className="rounded-lg border p-4" data-testid="coins-portfolio-total">
          <p className="text-sm text-muted-foreground">Total value</p>
          <p className="text-2xl font-semibold tabular-nums">{formatMoney(total, "USD")}</p>
          <p className="text-xs text-muted-foreground">
            Valued at the USD markets&apos; prices, as of <DateTime value={view.portfolio?.updated_at ?? null} />.
          </p>
        </div>
      ) : null}
      <DataList
        caption="Coins balances and their value in US dollars"
        columns={columns}
        rows={view.balances}
        rowKey={(b) => b.asset}
        rowProps={(b) => ({ "data-testid": "coins-balance-row", "data-asset": b.asset })}
        stale={view}
        refresh={q.refresh}
        empty={<ListEmptyState testId="coins-balances-empty" title="No Coins balances" hint="Balances appear here once the Coins account holds any asset." />}
        footer={
          sum !== null && total ? (
            <TableRow>
              <TableCell colSpan={5} className="text-sm font-medium">
                Sum of values
              </TableCell>
              <TableCell className="text-right text-sm font-medium tabular-nums" data-testid="coins-balance-sum">
                {formatMoney(sum, "USD")}
              </TableCell>
              <TableCell className="text-right text-xs text-muted-foreground">
                {isDecimalString(total) && compareDecimals(total, sum) === 0 ? "matches the total" : `total says ${formatMoney(total, "USD")}`}
              </TableCell>
            </TableRow>
          ) : null
        }
        pager={
          <p className="text-xs text-muted-foreground">
            Locked amounts are held by pending orders and withdrawals and return to available if those fail or are cancelled.
          </p>
        }
      />
    </div>
  );
}
