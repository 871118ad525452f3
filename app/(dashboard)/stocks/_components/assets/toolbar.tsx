"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { categoryLabel } from "@/lib/stocks/labels";
import { STOCK_CATEGORIES } from "@/lib/upstream/schemas/stocks-values";

/** Category (asked of the provider) and a search over symbol and name, both in the URL. */
export function AssetsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates({ category: parseAsString, q: parseAsString }, { shallow: false, startTransition: start });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="assets-toolbar">
      <FilterSelect
        id="assets-category"
        label="Category"
        value={f.category}
        all="Stocks and ETFs"
        options={STOCK_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
        onChange={(category) => void setF({ category })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="assets-q">Symbol or name</Label>
        <Input
          id="assets-q"
          key={f.q ?? ""}
          className="w-56"
          type="search"
          defaultValue={f.q ?? ""}
          placeholder="e.g. AAPL or Tesla"
          onKeyDown={(e) => {
            if (e.key === "Enter") void setF({ q: e.currentTarget.value.trim() || null });
          }}
          onBlur={(e) => {
            const v = e.currentTarget.value.trim() || null;
            if (v !== f.q) void setF({ q: v });
          }}
        />
      </div>
      {f.category || f.q ? (
        <Button variant="ghost" onClick={() => void setF({ category: null, q: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
