import { type Column, DataList } from "@/components/list/data-list";
import { ListEmptyState } from "@/components/list/empty-state";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import { formatNgn, formatQuantity } from "@/lib/pro/format";
import type { ProTrade } from "@/lib/pro/views";

const columns: Column<ProTrade>[] = [
  { key: "executed", header: "Executed", className: "text-sm whitespace-nowrap", cell: (t) => <DateTime value={t.executed_at ?? null} /> },
  { key: "quantity", header: "Quantity", numeric: true, className: "text-sm", cell: (t) => formatQuantity(t.quantity) },
  { key: "price", header: "Price", numeric: true, className: "text-sm", cell: (t) => formatNgn(t.price) },
  { key: "amount", header: "Amount", numeric: true, className: "text-sm", cell: (t) => formatNgn(t.quote_amount) },
  { key: "fee", header: "Fee", numeric: true, className: "text-sm", cell: (t) => (t.fee ? formatMoney(t.fee, t.fee_asset || "NGN") : "—") },
];

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
      ) : (
        <DataList
          testId="pro-trades"
          caption="Trades of this order, oldest first"
          columns={columns}
          rows={trades}
          rowKey={(t) => t.trade_id}
          rowProps={() => ({ "data-testid": "pro-trade-row" })}
          empty={<ListEmptyState testId="pro-trades-empty" title="No trades yet" hint="Fills appear here as they happen." />}
        />
      )}
    </section>
  );
}
