import { settlementLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { Field, Fields } from "@/app/(dashboard)/legacy/_components/fields";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { formatMoney } from "@/lib/money";
import type { Offramp, Onramp, RampKind } from "@/lib/legacy/views";

function Common({ ramp }: { ramp: Onramp | Offramp }) {
  return (
    <>
      <Field label="Id" mono>
        {ramp.id}
      </Field>
      <Field label="Type">{typeLabel(ramp.type)}</Field>
      <Field label="Status">
        <StatusBadge status={ramp.status} />
      </Field>
    </>
  );
}

/** The first lines of either settlement: where deposits go, and the rate they convert at. */
function SettlesTo({ settlement }: { settlement: { mode?: string | null; rate_id?: string | null } | null | undefined }) {
  return (
    <>
      <Field label="Settles to">{settlement?.mode ? settlementLabel(settlement.mode) : null}</Field>
      <Field label="Rate id" mono>
        {settlement?.rate_id}
      </Field>
    </>
  );
}

function Times({ ramp }: { ramp: Onramp | Offramp }) {
  return (
    <>
      <Field label="Developer fee">{ramp.developer_fee?.percentage ? `${ramp.developer_fee.percentage} %` : "None"}</Field>
      <Field label="Expires">{ramp.expires_at ? <DateTime value={ramp.expires_at} /> : "Never (permanent)"}</Field>
      <Field label="Created">
        <DateTime value={ramp.created_at} />
      </Field>
      <Field label="Last updated">
        <DateTime value={ramp.updated_at} />
      </Field>
    </>
  );
}

/** Every field the provider gives for an onramp (a virtual NGN account) or an offramp (a deposit address). */
export function RampFields({ kind, ramp }: { kind: RampKind; ramp: Onramp | Offramp }) {
  if (kind === "onramps") {
    const o = ramp as Onramp;
    const va = o.virtual_account;
    const st = o.settlement;
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Fields title="Onramp" testId="ramp-fields">
          <Common ramp={o} />
          <Field label="Bank">{[va?.bank_name, va?.bank_code ? `(${va.bank_code})` : null].filter(Boolean).join(" ") || null}</Field>
          <Field label="Account number" mono>
            {va?.account_number}
          </Field>
          <Field label="Account name">{va?.account_name}</Field>
          <Field label="Expected amount">{o.amount ? formatMoney(o.amount, o.currency ?? "NGN") : "Any amount"}</Field>
          <Times ramp={o} />
        </Fields>
        <Fields title="Settlement" testId="ramp-settlement">
          <SettlesTo settlement={st} />
          <Field label="Stablecoin">{st?.asset ? `${st.asset}${st.chain ? ` on ${st.chain}` : ""}` : null}</Field>
          <Field label="Destination address" mono>
            {st?.address}
          </Field>
        </Fields>
      </div>
    );
  }
  const o = ramp as Offramp;
  const st = o.settlement;
  const bank = st?.destination_bank;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Fields title="Offramp" testId="ramp-fields">
        <Common ramp={o} />
        <Field label="Asset">{o.asset}</Field>
        <Field label="Chain">{o.chain}</Field>
        <Field label="Deposit address" mono>
          {o.address}
        </Field>
        <Times ramp={o} />
      </Fields>
      <Fields title="Settlement" testId="ramp-settlement">
        <SettlesTo settlement={st} />
        <Field label="Destination bank">{bank?.bank_code}</Field>
        <Field label="Destination account" mono>
          {bank?.account_number}
        </Field>
        <Field label="Destination account name">{bank?.account_name}</Field>
      </Fields>
    </div>
  );
}
