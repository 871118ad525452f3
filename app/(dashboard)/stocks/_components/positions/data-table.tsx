import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { SymbolLink } from "@/app/(dashboard)/stocks/_components/symbol-link";
import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyLink, ListEmptyState } from "@/components/list/empty-state";
import { Badge } from "@/components/ui/badge";
import { TableCell, TableRow } from "@/components/ui/table";
import { compareDecimals, formatMoney, isDecimalString, subtractDecimals } from "@/lib/money";
import { formatPrice, formatQuantity } from "@/lib/stocks/format";
import { categoryLabel } from "@/lib/stocks/labels";
import type { PortfolioFigures, PositionRow } from "@/lib/stocks/portfolio";

/** The part of a position not free to sell or move (e.g. a pending settlement), when there is one. */
function held(p: PositionRow): string | null {
  const q = p.quantity;
  const a = p.available;
  return isDecimalString(q) && isDecimalString(a) && compareDecimals(q, a) > 0 ? subtractDecimals(q, a) : null;
}

const columns: Column<PositionRow>[] = [
  {
    key: "asset",
    header: "Asset",
    cell: (p) => (
      <>
        <SymbolLink symbol={p.symbol} />
        {p.name ? <div className="text-xs text-muted-foreground">{p.name}</div> : null}
      </>
    ),
  },
  {
    key: "category",
    header: "Category",
    className: "text-sm",
    cell: (p) => (
      <>
        {categoryLabel(p.category)}
        {p.status && p.status !== "active" ? <span className="ml-1 text-xs text-muted-foreground">({p.status.replace(/_/g, " ")})</span> : null}
      </>
    ),
  },
  { key: "quantity", header: "Quantity", numeric: true, cell: (p) => <span data-testid="position-quantity">{formatQuantity(p.quantity)}</span> },
  {
    key: "available",
    header: "Available",
    numeric: true,
    cell: (p) => (
      <>
        <span data-testid="position-available">{formatQuantity(p.available)}</span>
        {held(p) ? <div className="text-xs text-muted-foreground">{formatQuantity(held(p))} held</div> : null}
      </>
    ),
  },
  { key: "price", header: "Price", numeric: true, cell: (p) => formatPrice(p.priceUsd) },
  {
    key: "value",
    header: "Value",
    numeric: true,
    cell: (p) => (
      <span data-testid="position-value">
        {p.priced ? (
          formatMoney(p.valueUsd, "USD")
        ) : (
          <Badge variant="warning" data-testid="unpriced" title="Its price is stale, so it is not valued and is left out of the totals">
            Unpriced: stale price
          </Badge>
        )}
      </span>
    ),
  },
  {
    key: "change",
    header: "24 h change",
    numeric: true,
    cell: (p) => (p.priced ? <Change pct={p.change24hPct} usd={p.change24hUsd} /> : <span className="text-muted-foreground">—</span>),
  },
];

/**
 * The portfolio's positions. An unpriced position (its price is stale) shows its last price and is
 * marked; it has no value and is left out of the footer's sum, as out of the provider's totals.
 */
export function PositionsTable({ figures }: { figures: PortfolioFigures }) {
  return (
    <DataList
      testId="positions-table"
      caption="Open positions with quantity, available quantity, price, value and 24-hour change"
      columns={columns}
      rows={figures.positions}
      rowKey={(p) => p.symbol}
      rowProps={(p) => ({ "data-testid": "position-row", "data-symbol": p.symbol, "data-priced": String(p.priced) })}
      empty={
        <ListEmptyState
          testId="positions-empty"
          title="No open positions"
          hint="The wallet holds only US dollars. Positions bought through the provider appear here with their value."
          action={<ListEmptyLink href="/stocks/assets">Browse the assets</ListEmptyLink>}
        />
      }
      footer={
        <TableRow>
          <TableCell colSpan={5} className="text-sm font-medium">
            Sum of priced positions
          </TableCell>
          <TableCell className="text-right font-semibold tabular-nums" data-testid="positions-sum">
            {formatMoney(figures.positionsSumUsd, "USD")}
          </TableCell>
          <TableCell />
        </TableRow>
      }
    />
  );
}
