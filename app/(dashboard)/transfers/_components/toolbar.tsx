"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { statusLabel } from "@/lib/transfers/views";
import { TRANSFER_STATUSES } from "@/lib/upstream/schemas/core";

/** The status filter lives in the URL (shareable, back-button friendly); the server reads it and renders the rows. */
export function TransfersToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates({ status: parseAsString, page: parseAsString }, { shallow: false, startTransition: start });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="transfers-toolbar">
      <FilterSelect
        closed
        id="transfers-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={TRANSFER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        onChange={(status) => void setF({ status, page: null })}
      />
      {f.status ? (
        <Button variant="ghost" onClick={() => void setF({ status: null, page: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
