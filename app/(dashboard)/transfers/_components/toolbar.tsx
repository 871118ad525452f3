"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { serializeTransferFilters, transferFilters } from "@/lib/transfers/filters";
import { statusLabel } from "@/lib/transfers/views";
import { TRANSFER_STATUSES } from "@/lib/upstream/schemas/core-values";

/** The status filter lives in the URL (shareable, back-button friendly); the server reads it and renders the rows. */
export function TransfersToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(transferFilters, { shallow: false, startTransition: start });
  return (
    <ListToolbar
      search="transfer"
      testId="transfers-toolbar"
      pending={pending}
      onClear={f.status ? () => void setF({ status: null, page: null }) : undefined}
      exportHref={serializeTransferFilters("/api/transfers/export", { ...f, page: null })}
    >
      <FilterSelect
        closed
        id="transfers-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={TRANSFER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
        onChange={(status) => void setF({ status, page: null })}
      />
    </ListToolbar>
  );
}
