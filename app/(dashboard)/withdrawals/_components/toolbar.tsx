"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { WITHDRAWAL_STATUSES } from "@/lib/withdrawals/schema";

const statusOptions = WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: s }));

/** The spec's status filter, in the URL (shareable); changing it goes back to the first page. */
export function WithdrawalsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates({ status: parseAsString, page: parseAsString }, { shallow: false, startTransition: start });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="withdrawals-toolbar">
      <FilterSelect
        closed
        id="wd-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={statusOptions}
        onChange={(v) => void setF({ status: v, page: null })}
      />
      {f.status ? (
        <Button variant="ghost" onClick={() => void setF({ status: null, page: null })}>
          Clear filter
        </Button>
      ) : null}
    </div>
  );
}
