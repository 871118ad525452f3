"use client";
import { parseAsString, useQueryStates } from "nuqs";
import { useTransition } from "react";
import { FilterSelect } from "@/components/tables/filter-select";
import { COINS_WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/coins";

const statuses = COINS_WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: s }));

/**
 * One withdrawal list's filters in the URL. Crypto and fiat share the page, so each list's
 * parameters carry its prefix; a change goes back to that list's newest page only.
 */
export function WithdrawalsToolbar({ kind, assets = [] }: { kind: "crypto" | "fiat"; assets?: string[] }) {
  const [pending, start] = useTransition();
  const [f, setF] = useQueryStates(
    { [`${kind}_status`]: parseAsString, crypto_asset: parseAsString, [`${kind}_cursor`]: parseAsString, [`${kind}_trail`]: parseAsString },
    { shallow: false, startTransition: start, scroll: false },
  );
  const set = (patch: Record<string, string | null>) => void setF({ ...patch, [`${kind}_cursor`]: null, [`${kind}_trail`]: null });
  return (
    <div className="mb-3 flex flex-wrap items-end gap-3" aria-busy={pending} data-testid={`coins-${kind}-withdrawals-toolbar`}>
      <FilterSelect
        closed
        id={`cw-${kind}-status`}
        label={kind === "crypto" ? "Crypto status" : "Fiat status"}
        value={f[`${kind}_status`] ?? null}
        all="All statuses"
        options={statuses}
        onChange={(v) => set({ [`${kind}_status`]: v })}
      />
      {kind === "crypto" ? (
        <FilterSelect
          id="cw-crypto-asset"
          label="Asset"
          value={f.crypto_asset ?? null}
          all="All assets"
          options={assets.map((a) => ({ value: a, label: a }))}
          onChange={(v) => set({ crypto_asset: v })}
        />
      ) : null}
    </div>
  );
}
