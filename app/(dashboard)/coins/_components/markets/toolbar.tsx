"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { Button } from "@/components/ui/button";
import { marketFilters } from "@/lib/coins/filters";
import type { AssetOption } from "@/lib/coins/markets";

const label = (o: AssetOption) => ({ value: o.caid, label: `${o.label} · ${o.caid}` });

/** Base and quote asset filters by the provider's asset identifier, in the URL (shareable). */
export function MarketsToolbar({ base, quote }: { base: AssetOption[]; quote: AssetOption[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(marketFilters, { shallow: false, startTransition: start });
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid="markets-toolbar">
      <FilterSelect
        id="mk-base"
        label="Base asset"
        value={f.base_caid}
        all="All base assets"
        options={base.map(label)}
        onChange={(v) => void setF({ base_caid: v })}
      />
      <FilterSelect
        id="mk-quote"
        label="Quote asset"
        value={f.quote_caid}
        all="All quote assets"
        options={quote.map(label)}
        onChange={(v) => void setF({ quote_caid: v })}
      />
      {f.base_caid || f.quote_caid ? (
        <Button variant="ghost" onClick={() => void setF({ base_caid: null, quote_caid: null })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
