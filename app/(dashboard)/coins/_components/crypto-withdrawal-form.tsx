"use client";
import type { VelocityUsage } from "@/lib/approvals/schemas";
import { ControlledSelect } from "@/components/forms/controlled-select";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { createCoinsCryptoWithdrawal } from "@/lib/coins/create-crypto-withdrawal";
import { formatAsset } from "@/lib/coins/format";
import type { CryptoWithdrawalFormValues } from "@/lib/coins/schema";
import type { CoinsBalance, SavedAddress, WithdrawableAsset } from "@/lib/coins/views";
import { addDecimals, compareDecimals, isDecimalString } from "@/lib/money";
import { CoinsWithdrawalFrame, useCoinsWithdrawalForm } from "./withdrawal-form-frame";

/** The rules, fetched on first use (components/forms/use-action-form.ts). */
const loadCryptoWithdrawalFormSchema = () => import("@/lib/coins/schema").then((m) => m.cryptoWithdrawalFormSchema);

const EMPTY: CryptoWithdrawalFormValues = { address_id: "", amount: "" };
const short = (a: string) => (a.length > 16 ? `${a.slice(0, 8)}…${a.slice(-6)}` : a);

/**
 * Crypto to a saved address: the chain's network fee and minimum, and the asset's available
 * balance, are shown for the chosen address; an amount under the minimum, or more than the balance
 * once the fee is added, is refused on the field before anything is sent.
 */
export function CryptoWithdrawalForm({
  addresses,
  assets,
  balances,
  velocity,
}: {
  addresses: SavedAddress[];
  assets: WithdrawableAsset[];
  balances: CoinsBalance[] | null;
  velocity?: VelocityUsage[];
}) {
  const { form, onSubmit, pending, formError, waiting, errorOf } = useCoinsWithdrawalForm({
    kind: "crypto",
    schema: loadCryptoWithdrawalFormSchema,
    action: createCoinsCryptoWithdrawal,
    empty: EMPTY,
    check: (values) => {
      const value = values.amount;
      if (chain?.min_amount && compareDecimals(value, chain.min_amount) < 0) {
        form.setError("amount", {
          type: "min",
          message: `The minimum on ${chain.blockchain_name ?? chain.blockchain} is ${chain.min_amount} ${address!.asset}.`,
        });
        return null;
      }
      const total = fee ? addDecimals(value, fee) : value;
      if (available !== null && compareDecimals(total, available) > 0) {
        form.setError("amount", {
          type: "max",
          message: `Available is ${formatAsset(available, address!.asset)}; this withdrawal with its network fee needs ${formatAsset(total, address!.asset)}.`,
        });
        return null;
      }
      return values;
    },
  });
  const address = addresses.find((a) => a.id === form.watch("address_id")) ?? null;
  const chain = address ? assets.find((a) => a.symbol === address.asset)?.chains.find((c) => c.blockchain === address.chain) : undefined;
  const available = address ? (balances?.find((b) => b.asset === address.asset)?.available ?? null) : null;
  const typed = form.watch("amount") ?? "";
  const amount = isDecimalString(typed) ? typed.trim() : null;
  const fee = isDecimalString(chain?.network_fee) ? chain.network_fee : null;

  if (addresses.length === 0)
    return (
      <p className="rounded-lg border border-dashed p-6 text-sm text-muted-foreground">
        Save an address on the withdrawals page first: crypto is sent only to saved addresses.
      </p>
    );
  return (
    <CoinsWithdrawalFrame
      kind="crypto"
      label="New crypto withdrawal"
      currency={address?.asset ?? ""}
      velocity={velocity}
      onSubmit={onSubmit}
      pending={pending}
      formError={formError}
      waiting={waiting}
    >
      <Field label="Saved address" htmlFor="cw-address" error={errorOf("address_id")} required>
        <ControlledSelect
          control={form.control}
          name="address_id"
          id="cw-address"
          placeholder="Choose a saved address"
          options={addresses.map((a) => ({ value: a.id, label: `${a.label || "No label"} · ${a.asset} on ${a.chain} · ${short(a.address)}` }))}
        />
      </Field>
      <Field
        label={address ? `Amount (${address.asset})` : "Amount"}
        htmlFor="cw-amount"
        error={errorOf("amount")}
        description={
          address
            ? `Available ${available ? formatAsset(available, address.asset) : "unknown"}; the network fee is debited on top.`
            : "Choose an address to see the asset, fee and minimum."
        }
        required
      >
        <Input id="cw-amount" inputMode="decimal" autoComplete="off" {...form.register("amount")} />
      </Field>
      {address ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border p-4 text-sm" data-testid="coins-crypto-withdrawal-summary">
          <dt className="text-muted-foreground">To</dt>
          <dd className="font-mono break-all">{address.address}</dd>
          <dt className="text-muted-foreground">Chain</dt>
          <dd>{chain?.blockchain_name ?? address.chain}</dd>
          <dt className="text-muted-foreground">Network fee</dt>
          <dd className="tabular-nums">{formatAsset(chain?.network_fee, address.asset)}</dd>
          <dt className="text-muted-foreground">Minimum</dt>
          <dd className="tabular-nums">{formatAsset(chain?.min_amount, address.asset)}</dd>
          <dt className="text-muted-foreground">Total debit</dt>
          <dd className="tabular-nums">{amount && compareDecimals(amount, 0) > 0 ? formatAsset(addDecimals(amount, fee ?? "0"), address.asset) : "—"}</dd>
        </dl>
      ) : null}
    </CoinsWithdrawalFrame>
  );
}
