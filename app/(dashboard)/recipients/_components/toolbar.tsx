"use client";
import { useQueryStates } from "nuqs";
import { useEffect, useState, useTransition } from "react";
import { typeLabel } from "@/app/(dashboard)/recipients/_components/labels";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { recipientFilters, serializeRecipientFilters } from "@/lib/recipients/filters";
import { RECIPIENT_TYPES } from "@/lib/upstream/schemas/core-values";

/** Typing pauses this long before the search reaches the URL (and the provider). */
const SEARCH_DELAY_MS = 400;

/** The type filter and the search live in the URL (shareable, back-button friendly); the server renders the rows. */
export function RecipientsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(recipientFilters, { shallow: false, startTransition: start });
  const [search, setSearch] = useState(f.q ?? "");

  // The URL wins when it changes from outside (back button, a shared link, "Clear").
  useEffect(() => setSearch(f.q ?? ""), [f.q]);
  useEffect(() => {
    const next = search.trim() || null;
    if (next === (f.q ?? null)) return;
    const timer = setTimeout(() => void setF({ q: next, page: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, f.q, setF]);

  const filtered = Boolean(f.type || f.q);
  return (
    <ListToolbar
      search="recipient"
      testId="recipients-toolbar"
      pending={pending}
      exportHref={serializeRecipientFilters("/api/recipients/export", { ...f, page: null })}
      onClear={filtered ? () => void setF({ type: null, q: null, page: null }) : undefined}
    >
      <FilterSelect
        closed
        id="rc-filter-type"
        label="Type"
        value={f.type}
        all="All types"
        options={RECIPIENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }))}
        onChange={(type) => void setF({ type, page: null })}
      />
      <form role="search" className="grid gap-1.5" onSubmit={(e) => (e.preventDefault(), void setF({ q: search.trim() || null, page: null }))}>
        <Label htmlFor="rc-filter-q">Search</Label>
        <Input
          id="rc-filter-q"
          type="search"
          width="w-72"
          placeholder="Name or last four digits"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxLength={100}
        />
      </form>
    </ListToolbar>
  );
}
