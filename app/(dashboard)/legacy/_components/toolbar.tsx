"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@/lib/legacy/filters";
import type { ToolbarFilter } from "@/lib/legacy/views";

/** The synced copy's kind each legacy list shows, for its "Find" box. */
const LEGACY_SEARCH_KIND: Record<string, string> = { payouts: "payout", onramps: "onramp", offramps: "offramp" };

/**
 * Filters and page size of a legacy list, kept in the URL (shareable, back-button friendly); the
 * server reads them and renders the rows. `values` are the server's parsed ones, so a value it
 * ignored never shows as chosen; any change also drops the ignored parameters from the URL.
 */
export function LegacyToolbar({
  id,
  filters,
  values,
  limit,
  ignored,
}: {
  id: string;
  filters: ToolbarFilter[];
  values: Record<string, string | undefined>;
  limit: number;
  ignored: string[];
}) {
  const [pending, start] = useTransition();
  const params = Object.fromEntries([...filters.map((f) => f.param), "page", "limit", ...ignored].map((p) => [p, parseAsString]));
  const [, setQuery] = useQueryStates(params, { shallow: false, startTransition: start });
  const dropIgnored = Object.fromEntries(ignored.map((p) => [p, null]));
  const set = (patch: Record<string, string | null>) => void setQuery({ ...dropIgnored, ...patch, page: null });
  const filtered = filters.some((f) => values[f.param]);
  // A size asked for in the URL (any the provider accepts) is offered beside the usual ones.
  const sizes = (PAGE_SIZES as readonly number[]).includes(limit) ? PAGE_SIZES : [...PAGE_SIZES, limit].sort((a, b) => a - b);
  return (
    <ListToolbar
      search={LEGACY_SEARCH_KIND[id]}
      testId={`${id}-toolbar`}
      pending={pending}
      onClear={filtered ? () => set(Object.fromEntries(filters.map((f) => [f.param, null]))) : undefined}
    >
      {filters.map((f) => (
        <FilterSelect
          key={f.param}
          id={`${id}-${f.param}`}
          label={f.label}
          value={values[f.param] ?? null}
          all={f.all}
          options={f.options}
          onChange={(v) => set({ [f.param]: v })}
        />
      ))}
      <FilterSelect
        id={`${id}-limit`}
        label="Rows per page"
        width="w-28"
        value={String(limit)}
        options={sizes.map((s) => ({ value: String(s), label: String(s) }))}
        onChange={(v) => set({ limit: Number(v) === DEFAULT_PAGE_SIZE ? null : v })}
      />
    </ListToolbar>
  );
}
