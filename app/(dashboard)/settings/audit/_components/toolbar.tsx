"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { auditFilters, serializeAuditFilters } from "@/lib/audit/filters";

/** Filters live in the URL (shareable, back-button friendly); the server reads them and renders the rows. */
export function AuditToolbar({ actions, actors }: { actions: string[]; actors: { id: string; name: string; email: string }[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(auditFilters, { shallow: false, startTransition: start });
  const set = (patch: Partial<Omit<typeof f, "page">>) => void setF({ ...patch, page: null });
  const filtered = Boolean(f.action || f.actor || f.target || f.from || f.to);
  return (
    <ListToolbar
      pending={pending}
      onClear={filtered ? () => void setF({ action: null, actor: null, target: null, from: null, to: null, page: null }) : undefined}
      exportHref={serializeAuditFilters("/api/audit/export", { ...f, page: null })}
    >
      <FilterSelect
        id="audit-action"
        label="Action"
        value={f.action}
        all="All actions"
        options={actions.map((a) => ({ value: a, label: a }))}
        onChange={(v) => set({ action: v })}
      />
      <FilterSelect
        id="audit-actor"
        label="Who"
        value={f.actor}
        all="Anyone"
        options={actors.map((a) => ({ value: a.id, label: a.name }))}
        onChange={(v) => set({ actor: v })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="audit-target">Target id or type</Label>
        <Input
          id="audit-target"
          width="w-56"
          defaultValue={f.target ?? ""}
          placeholder="e.g. user"
          onKeyDown={(e) => {
            if (e.key === "Enter") set({ target: e.currentTarget.value.trim() || null });
          }}
          onBlur={(e) => {
            const v = e.currentTarget.value.trim() || null;
            if (v !== f.target) set({ target: v });
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">From</Label>
        <Input id="audit-from" type="date" width="w-40" value={f.from ?? ""} onChange={(e) => set({ from: e.target.value || null })} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">To</Label>
        <Input id="audit-to" type="date" width="w-40" value={f.to ?? ""} onChange={(e) => set({ to: e.target.value || null })} />
      </div>
    </ListToolbar>
  );
}
