"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DEPOSIT_STATUS_FILTERS, DEPOSIT_TYPES, depositFilters, statusLabel, typeLabel, serializeDepositFilters } from "@/lib/review/deposit-filters";

const statusOptions = DEPOSIT_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) }));
const typeOptions = DEPOSIT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Filters live in the URL (shareable, back-button friendly); the server asks the provider for that page. */
export function DepositsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(depositFilters, { shallow: false, startTransition: start });
  const set = (patch: Partial<Omit<typeof f, "page">>) => void setF({ ...patch, page: null });
  const filtered = Boolean(f.status || f.settlement || f.type || f.customer || f.from || f.to);
  return (
    <ListToolbar
      search="deposit"
      pending={pending}
      exportHref={serializeDepositFilters("/api/deposits/export", { ...f, page: null })}
      onClear={filtered ? () => void setF({ status: null, settlement: null, type: null, customer: null, from: null, to: null, page: null }) : undefined}
    >
      <FilterSelect
        closed
        id="deposits-status"
        label="Status"
        width="w-44"
        value={f.status}
        all="Any status"
        options={statusOptions}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        closed
        id="deposits-settlement"
        label="Settlement"
        width="w-44"
        value={f.settlement}
        all="Any settlement"
        options={statusOptions}
        onChange={(settlement) => set({ settlement })}
      />
      <FilterSelect
        closed
        id="deposits-type"
        label="Type"
        width="w-44"
        value={f.type}
        all="Any type"
        options={typeOptions}
        onChange={(type) => set({ type })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="deposits-customer">Customer id</Label>
        <Input
          id="deposits-customer"
          key={f.customer ?? ""}
          width="w-80"
          text="xs"
          className="font-mono"
          defaultValue={f.customer ?? ""}
          placeholder="Paste a customer id"
          aria-describedby="deposits-customer-hint"
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              const v = e.currentTarget.value.trim();
              if (!v || UUID.test(v)) set({ customer: v || null });
            }
          }}
          onBlur={(e) => {
            const v = e.currentTarget.value.trim();
            if ((v === "" || UUID.test(v)) && (v || null) !== f.customer) set({ customer: v || null });
          }}
        />
        <span id="deposits-customer-hint" className="sr-only">
          A customer id applies when you press Enter or leave the field.
        </span>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="deposits-from">From</Label>
        <Input id="deposits-from" type="date" width="w-40" value={f.from ?? ""} onChange={(e) => set({ from: e.target.value || null })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="deposits-to">To</Label>
        <Input id="deposits-to" type="date" width="w-40" value={f.to ?? ""} onChange={(e) => set({ to: e.target.value || null })} />
      </div>
    </ListToolbar>
  );
}
