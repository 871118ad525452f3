"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { PRO_ORDER_STATUSES, PRO_SYMBOLS, WORKING_STATUSES } from "@/lib/pro/labels";

/**
 * Open orders or the whole history, status and symbol, all in the URL (shareable); any change goes
 * back to the first page. The open view offers only the working statuses.
 */
export function ProOrdersToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(
    { view: parseAsString, status: parseAsString, symbol: parseAsString, page: parseAsString },
    { shallow: false, startTransition: start },
  );
  const history = f.view === "history";
  const statuses = history ? PRO_ORDER_STATUSES : WORKING_STATUSES;
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="pro-orders-toolbar">
      <FilterSelect
        id="pro-orders-view"
        label="Show"
        value={history ? "history" : null}
        all="Open orders"
        options={[{ value: "history", label: "Order history (all)" }]}
        onChange={(view) => void setF({ view, status: null, page: null })}
      />
      <FilterSelect
        closed
        id="pro-orders-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={statuses.map((s) => ({ value: s, label: s }))}
        onChange={(status) => void setF({ status, page: null })}
      />
      <FilterSelect
        id="pro-orders-symbol"
        label="Symbol"
        value={f.symbol}
        all="All symbols"
        options={PRO_SYMBOLS.map((s) => ({ value: s, label: s }))}
        onChange={(symbol) => void setF({ symbol, page: null })}
      />
      {f.status || f.symbol ? (
        <Button variant="ghost" onClick={() => void setF({ status: null, symbol: null, page: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
