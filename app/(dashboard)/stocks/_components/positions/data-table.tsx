import { Link } from "@/components/ui/link";
import { Change } from "@/app/(dashboard)/stocks/_components/change";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, toDecimal } from "@/lib/money";
import { formatPrice, formatQuantity } from "@/lib/stocks/format";
import { categoryLabel } from "@/lib/stocks/labels";
import type { PortfolioFigures, PositionRow } from "@/lib/stocks/portfolio";
import { PositionsEmptyState } from "./empty-state";

/** The part of a position not free to sell or move (e.g. a pending settlement), when there is one. */
function held(p: PositionRow): string | null {
  const q = toDecimal(p.quantity);
  const a = toDecimal(p.available);
  return q && a && q.gt(a) ? q.minus(a).toFixed() : null;
}

/**
 * The portfolio's positions. An unpriced position (its price is stale) shows its last price and is
 * marked; it has no value and is left out of the footer's sum, as out of the provider's totals.
 */
export function PositionsTable({ figures }: { figures: PortfolioFigures }) {
  if (figures.positions.length === 0) return <PositionsEmptyState />;
  return (
    <div className="rounded-lg border">
      <Table data-testid="positions-table">
        <TableCaption className="sr-only">Open positions with quantity, available quantity, price, value and 24-hour change</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Asset</TableHead>
            <TableHead>Category</TableHead>
            <TableHead className="text-right">Quantity</TableHead>
            <TableHead className="text-right">Available</TableHead>
            <TableHead className="text-right">Price</TableHead>
            <TableHead className="text-right">Value</TableHead>
            <TableHead className="text-right">24 h change</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {figures.positions.map((p) => (
            <TableRow key={p.symbol} data-testid="position-row" data-symbol={p.symbol} data-priced={p.priced}>
              <TableCell>
                <Link
                  href={`/stocks/assets/${encodeURIComponent(p.symbol)}`}
                  className="font-medium underline-offset-4 hover:underline focus-visible:underline"
                >
                  {p.symbol}
                </Link>
                {p.name ? <div className="text-xs text-muted-foreground">{p.name}</div> : null}
              </TableCell>
              <TableCell className="text-sm">
                {categoryLabel(p.category)}
                {p.status && p.status !== "active" ? <span className="ml-1 text-xs text-muted-foreground">({p.status.replace(/_/g, " ")})</span> : null}
              </TableCell>
              <TableCell className="text-right tabular-nums" data-testid="position-quantity">
                {formatQuantity(p.quantity)}
              </TableCell>
              <TableCell className="text-right tabular-nums">
                <span data-testid="position-available">{formatQuantity(p.available)}</span>
                {held(p) ? <div className="text-xs text-muted-foreground">{formatQuantity(held(p))} held</div> : null}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatPrice(p.priceUsd)}</TableCell>
              <TableCell className="text-right tabular-nums" data-testid="position-value">
                {p.priced ? (
                  formatMoney(p.valueUsd, "USD")
                ) : (
                  <Badge variant="warning" data-testid="unpriced" title="Its price is stale, so it is not valued and is left out of the totals">
                    Unpriced: stale price
                  </Badge>
                )}
              </TableCell>
              <TableCell className="text-right">
                {p.priced ? <Change pct={p.change24hPct} usd={p.change24hUsd} /> : <span className="text-muted-foreground">—</span>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={5} className="text-sm font-medium">
              Sum of priced positions
            </TableCell>
            <TableCell className="text-right font-semibold tabular-nums" data-testid="positions-sum">
              {formatMoney(figures.positionsSumUsd, "USD")}
            </TableCell>
            <TableCell />
          </TableRow>
        </TableFooter>
      </Table>
    </div>
  );
}
