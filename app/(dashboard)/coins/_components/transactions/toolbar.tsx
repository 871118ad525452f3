"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionFilters, transactionFilters, serializeTransactionFilters } from "@/lib/coins/filters";

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Type, asset and status filters in the URL; any change goes back to the newest page. */
export function TransactionsToolbar({ assets }: { assets: string[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(transactionFilters, { shallow: false, startTransition: start });
  // The selects offer only values the filters accept; a change goes back to the newest page.
  const set = (patch: Partial<Pick<TransactionFilters, "type" | "asset" | "status">>) => void setF({ ...patch, cursor: null, trail: null });
  return (
    <ListToolbar
      search="coins_transaction"
      testId="coins-transactions-toolbar"
      pending={pending}
      exportHref={serializeTransactionFilters("/api/coins/transactions/export", { ...f, cursor: null, trail: null })}
      onClear={f.type || f.asset || f.status ? () => set({ type: null, asset: null, status: null }) : undefined}
    >
      <FilterSelect
        closed
        id="ct-type"
        label="Type"
        value={f.type}
        all="All types"
        options={opts(TRANSACTION_TYPES)}
        onChange={(v) => set({ type: v as TransactionFilters["type"] })}
      />
      <FilterSelect id="ct-asset" label="Asset" value={f.asset} all="All assets" options={opts(assets)} onChange={(v) => set({ asset: v })} />
      <FilterSelect
        closed
        id="ct-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={opts(TRANSACTION_STATUSES)}
        onChange={(v) => set({ status: v as TransactionFilters["status"] })}
      />
    </ListToolbar>
  );
}
