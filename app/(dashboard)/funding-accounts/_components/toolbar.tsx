"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { fundingAccountFilters, serializeFundingAccountFilters } from "@/lib/funding-accounts/filters";
import { railLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { FUNDING_ACCOUNT_STATUSES, RAILS, TYPES } from "@/lib/funding-accounts/options";
import type { CustomerOption } from "@/lib/funding-accounts/views";

/** Filters live in the URL (shareable, back-button friendly); the server reads them and renders the rows. */
export function FundingAccountsToolbar({ customers }: { customers: CustomerOption[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(fundingAccountFilters, { shallow: false, startTransition: start });
  const set = (patch: Partial<Omit<typeof f, "page">>) => void setF({ ...patch, page: null });
  const filtered = Boolean(f.rail || f.type || f.status || f.customer);
  return (
    <ListToolbar
      search="funding_account"
      testId="funding-accounts-toolbar"
      pending={pending}
      exportHref={serializeFundingAccountFilters("/api/funding-accounts/export", { ...f, page: null })}
      onClear={filtered ? () => void setF({ rail: null, type: null, status: null, customer: null, page: null }) : undefined}
    >
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
    </ListToolbar>
  );
}
