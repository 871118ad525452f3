"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type AssetFilters, assetFilters } from "@/lib/stocks/filters";
import { categoryLabel } from "@/lib/stocks/labels";
import { STOCK_CATEGORIES } from "@/lib/upstream/schemas/stocks-values";

/** Category (asked of the provider) and a search over symbol and name, both in the URL. */
export function AssetsToolbar() {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(assetFilters, { shallow: false, startTransition: start });
  return (
    <ListToolbar testId="assets-toolbar" pending={pending} onClear={f.category || f.q ? () => void setF({ category: null, q: null }) : undefined}>
      <FilterSelect
        id="assets-category"
        label="Category"
        value={f.category}
        all="Stocks and ETFs"
        options={STOCK_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
        onChange={(category) => void setF({ category: category as AssetFilters["category"] })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="assets-q">Symbol or name</Label>
        <Input
          id="assets-q"
          key={f.q ?? ""}
          width="w-56"
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
    </ListToolbar>
  );
}
