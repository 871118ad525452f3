"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { type ProOrderFilters, proOrderFilters, serializeProOrderFilters } from "@/lib/pro/filters";
import { PRO_ORDER_STATUSES, PRO_SYMBOLS, WORKING_STATUSES } from "@/lib/pro/labels";

/**
 * Open orders or the whole history, status and symbol, all in the URL (shareable); any change goes
 * back to the first page. The open view offers only the working statuses.
 */
export function ProOrdersToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(proOrderFilters, { shallow: false, startTransition: start });
  const history = f.view === "history";
  const statuses = history ? PRO_ORDER_STATUSES : WORKING_STATUSES;
  return (
    <ListToolbar
      search="pro_order"
      testId="pro-orders-toolbar"
      pending={pending}
      exportHref={serializeProOrderFilters("/api/pro/orders/export", { ...f, page: null })}
      onClear={f.status || f.symbol ? () => void setF({ status: null, symbol: null, page: null }) : undefined}
    >
      <FilterSelect
        id="pro-orders-view"
        label="Show"
        value={history ? "history" : null}
        all="Open orders"
        options={[{ value: "history", label: "Order history (all)" }]}
        onChange={(view) => void setF({ view: view as ProOrderFilters["view"] | null, status: null, page: null })}
      />
      <FilterSelect
        closed
        id="pro-orders-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={statuses.map((s) => ({ value: s, label: s }))}
        onChange={(status) => void setF({ status: status as ProOrderFilters["status"], page: null })}
      />
      <FilterSelect
        id="pro-orders-symbol"
        label="Symbol"
        value={f.symbol}
        all="All symbols"
        options={PRO_SYMBOLS.map((s) => ({ value: s, label: s }))}
        onChange={(symbol) => void setF({ symbol: symbol as ProOrderFilters["symbol"], page: null })}
      />
    </ListToolbar>
  );
}
