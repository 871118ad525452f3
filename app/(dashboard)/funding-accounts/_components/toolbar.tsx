"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { railLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { FUNDING_ACCOUNT_STATUSES, RAILS, TYPES } from "@/lib/funding-accounts/options";
import type { CustomerOption } from "@/lib/funding-accounts/views";

/** Filters live in the URL (shareable, back-button friendly); the server reads them and renders the rows. */
export function FundingAccountsToolbar({ customers }: { customers: CustomerOption[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(
    { rail: parseAsString, type: parseAsString, status: parseAsString, customer: parseAsString, page: parseAsString },
    { shallow: false, startTransition: start },
  );
  const set = (patch: Partial<Record<keyof typeof f, string | null>>) => void setF({ ...patch, page: null });
  const filtered = Boolean(f.rail || f.type || f.status || f.customer);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="funding-accounts-toolbar">
      <FilterSelect
        closed
        id="fa-rail"
        label="Rail"
        value={f.rail}
        all="All rails"
        options={RAILS.map((r) => ({ value: r, label: railLabel(r) }))}
        onChange={(rail) => set({ rail })}
      />
      <FilterSelect
        closed
        id="fa-type"
        label="Type"
        value={f.type}
        all="All types"
        options={TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
        onChange={(type) => set({ type })}
      />
      <FilterSelect
        closed
        id="fa-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={FUNDING_ACCOUNT_STATUSES.map((s) => ({ value: s, label: s }))}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        id="fa-customer"
        label="Customer"
        value={f.customer}
        all="All customers"
        options={customers.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(customer) => set({ customer })}
      />
      {filtered ? (
        <Button variant="ghost" onClick={() => void setF({ rail: null, type: null, status: null, customer: null, page: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
