"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/core-values";
import { withdrawalFilters, serializeWithdrawalFilters } from "@/lib/withdrawals/filters";

const statusOptions = WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: s }));

/** The spec's status filter, in the URL (shareable); changing it goes back to the first page. */
export function WithdrawalsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(withdrawalFilters, { shallow: false, startTransition: start });
  return (
    <ListToolbar
      search="withdrawal"
      testId="withdrawals-toolbar"
      pending={pending}
      exportHref={serializeWithdrawalFilters("/api/withdrawals/export", { ...f, page: null })}
      onClear={f.status ? () => void setF({ status: null, page: null }) : undefined}
    >
      <FilterSelect
        closed
        id="wd-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={statusOptions}
        onChange={(status) => void setF({ status, page: null })}
      />
    </ListToolbar>
  );
}
