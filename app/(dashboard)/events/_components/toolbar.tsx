"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { eventFilters, serializeEventFilters } from "@/lib/webhooks/event-filters";

/** A filter from a shared link stays selectable even when no event of it exists yet. */
function choices(value: string | null, options: string[], labels?: Record<string, string>) {
  return (value && !options.includes(value) ? [value, ...options] : options).map((o) => ({ value: o, label: labels?.[o] ?? o }));
}

/** Filters live in the URL (shareable, back-button friendly); the server reads them and renders the rows. */
export function EventsToolbar({
  names,
  resources,
  statuses,
  resourceLabels,
}: {
  names: string[];
  resources: string[];
  statuses: string[];
  resourceLabels: Record<string, string>;
}) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(eventFilters, { shallow: false, startTransition: start });
  const set = (patch: Partial<Omit<typeof f, "page">>) => void setF({ ...patch, page: null });
  const filtered = Object.entries(f).some(([k, v]) => k !== "page" && Boolean(v));
  return (
    <ListToolbar
      pending={pending}
      onClear={filtered ? () => void setF({ name: null, resource: null, status: null, q: null, from: null, to: null, page: null }) : undefined}
      exportHref={serializeEventFilters("/api/events/export", { ...f, page: null })}
    >
      <FilterSelect
        id="events-name"
        label="Event"
        width="w-48"
        value={f.name}
        all="All events"
        options={choices(f.name, names)}
        onChange={(v) => set({ name: v })}
      />
      <FilterSelect
        id="events-resource"
        label="Resource"
        width="w-48"
        value={f.resource}
        all="All resources"
        options={choices(f.resource, resources, resourceLabels)}
        onChange={(v) => set({ resource: v })}
      />
      <FilterSelect
        id="events-status"
        label="Status"
        width="w-48"
        value={f.status}
        all="Any status"
        options={choices(f.status, statuses)}
        onChange={(v) => set({ status: v })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="events-q">Resource id</Label>
        <Input
          id="events-q"
          width="w-64"
          type="search"
          defaultValue={f.q ?? ""}
          placeholder="Paste or type part of an id"
          onKeyDown={(e) => {
            if (e.key === "Enter") set({ q: e.currentTarget.value.trim() || null });
          }}
          onBlur={(e) => {
            const v = e.currentTarget.value.trim() || null;
            if (v !== f.q) set({ q: v });
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="events-from">From</Label>
        <Input id="events-from" type="date" width="w-40" value={f.from ?? ""} onChange={(e) => set({ from: e.target.value || null })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="events-to">To</Label>
        <Input id="events-to" type="date" width="w-40" value={f.to ?? ""} onChange={(e) => set({ to: e.target.value || null })} />
      </div>
    </ListToolbar>
  );
}
