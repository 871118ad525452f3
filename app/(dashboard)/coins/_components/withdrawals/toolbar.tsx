"use client";
import { useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/list/filter-select";
import { ListToolbar } from "@/components/list/list-toolbar";
import { type WithdrawalFilters, withdrawalFilters, withdrawalKeys } from "@/lib/coins/filters";
import { COINS_WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/coins-values";

const statuses = COINS_WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: s }));

/**
 * One withdrawal list's filters in the URL. Crypto and fiat share the page, so each list's
 * parameters carry its prefix; a change goes back to that list's newest page only.
 */
export function WithdrawalsToolbar({ kind, assets = [] }: { kind: "crypto" | "fiat"; assets?: string[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(withdrawalFilters, { ...withdrawalKeys[kind], shallow: false, startTransition: start, scroll: false });
  const set = (patch: Partial<Pick<WithdrawalFilters, "status" | "asset">>) => void setF({ ...patch, cursor: null, trail: null });
  return (
    <ListToolbar
      search={`coins_${kind}_withdrawal`}
      // Both lists share the page: each Find box keeps its text under its own prefixed name.
      searchParam={`${kind}_find`}
      testId={`coins-${kind}-withdrawals-toolbar`}
      pending={pending}
    >
      <FilterSelect
        closed
        id={`cw-${kind}-status`}
        label={kind === "crypto" ? "Crypto status" : "Fiat status"}
        value={f.status}
        all="All statuses"
        options={statuses}
        onChange={(v) => set({ status: v as WithdrawalFilters["status"] })}
      />
      {kind === "crypto" ? (
        <FilterSelect
          id="cw-crypto-asset"
          label="Asset"
          value={f.asset}
          all="All assets"
          options={assets.map((a) => ({ value: a, label: a }))}
          onChange={(v) => set({ asset: v })}
        />
      ) : null}
    </ListToolbar>
  );
}
