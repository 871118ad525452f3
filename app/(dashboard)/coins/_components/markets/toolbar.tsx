"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { marketFilters } from "@/lib/coins/filters";
import type { AssetOption } from "@/lib/coins/markets";

const label = (o: AssetOption) => ({ value: o.caid, label: `${o.label} · ${o.caid}` });

/** Base and quote asset filters by the provider's asset identifier, in the URL (shareable). */
export function MarketsToolbar({ base, quote }: { base: AssetOption[]; quote: AssetOption[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(marketFilters, { shallow: false, startTransition: start });
  return (
    <ListToolbar
      testId="markets-toolbar"
      pending={pending}
      onClear={f.base_caid || f.quote_caid ? () => void setF({ base_caid: null, quote_caid: null }) : undefined}
    >
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
    </ListToolbar>
  );
}
