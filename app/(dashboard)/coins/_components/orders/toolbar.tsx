"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { ORDER_SIDES, type OrderFilters, orderFilters, serializeOrderFilters } from "@/lib/coins/filters";
import { COINS_ORDER_STATUSES } from "@/lib/upstream/schemas/coins-values";

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** Status, side, base and quote filters in the URL; any change goes back to the newest page. */
export function OrdersToolbar({ bases, quotes }: { bases: string[]; quotes: string[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(orderFilters, { shallow: false, startTransition: start });
  // The selects offer only values the filters accept; a change goes back to the newest page.
  const set = (patch: Partial<Pick<OrderFilters, "status" | "side" | "base_asset" | "quote_asset">>) => void setF({ ...patch, cursor: null, trail: null });
  const any = Boolean(f.status || f.side || f.base_asset || f.quote_asset);
  return (
    <ListToolbar
      search="coins_order"
      testId="coins-orders-toolbar"
      pending={pending}
      exportHref={serializeOrderFilters("/api/coins/orders/export", { ...f, cursor: null, trail: null })}
      onClear={any ? () => set({ status: null, side: null, base_asset: null, quote_asset: null }) : undefined}
    >
      <FilterSelect
        closed
        id="co-status"
        label="Status"
        value={f.status}
        all="All statuses"
        options={opts(COINS_ORDER_STATUSES)}
        onChange={(v) => set({ status: v as OrderFilters["status"] })}
      />
      <FilterSelect
        closed
        id="co-side"
        label="Side"
        value={f.side}
        all="Buy and sell"
        options={opts(ORDER_SIDES)}
        onChange={(v) => set({ side: v as OrderFilters["side"] })}
      />
      <FilterSelect id="co-base" label="Base asset" value={f.base_asset} all="All base assets" options={opts(bases)} onChange={(v) => set({ base_asset: v })} />
      <FilterSelect
        id="co-quote"
        label="Quote asset"
        value={f.quote_asset}
        all="All quote assets"
        options={opts(quotes)}
        onChange={(v) => set({ quote_asset: v })}
      />
    </ListToolbar>
  );
}
