import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ProTrade } from "@/lib/pro/views";

/** The fills of one order, oldest first, as the provider reports them. */
export function TradesTable({ trades, error }: { trades: ProTrade[]; error: string | null }) {
  return (
    <section aria-labelledby="pro-trades-heading" className="grid gap-3">
      <h2 id="pro-trades-heading" className="text-base font-semibold">
        Trades
      </h2>
      {error ? (
        <p className="text-sm text-warning" data-testid="pro-trades-error">
          The trades could not be read: {error}
        </p>
      ) : trades.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground" data-testid="pro-trades-empty">
          No trades yet. Fills appear here as they happen.
        </p>
      ) : (
        <div className="rounded-lg border">
          <Table data-testid="pro-trades">
            <TableCaption className="sr-only">Trades of this order, oldest first</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>Executed</TableHead>
                <TableHead className="text-right">Quantity</TableHead>
                <TableHead className="text-right">Price</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Fee</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {trades.map((t) => (
                <TableRow key={t.trade_id} data-testid="pro-trade-row">
                  <TableCell className="text-sm whitespace-nowrap">{formatDateTime(t.executed_at ?? null)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatQuantity(t.quantity)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatNgn(t.price)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{formatNgn(t.quote_amount)}</TableCell>
                  <TableCell className="text-right text-sm tabular-nums">{t.fee ? formatMoney(t.fee, t.fee_asset || "NGN") : "—"}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}
