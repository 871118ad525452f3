import { Field, Fields } from "@/app/(dashboard)/legacy/_components/fields";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { payoutRow } from "@/lib/legacy/views";
import type { Payout } from "@/lib/upstream/schemas/core";

/** Every field of the spec's Payout: the money, then who it went to and who sent it. */
export function PayoutFields({ payout: p }: { payout: Payout }) {
  const row = payoutRow(p);
  const r = p.recipient;
  const bank = r?.bank_account;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Fields title="Payout" testId="payout-fields">
        <Field label="Reference" mono>
          {row.reference}
        </Field>
        <Field label="Payout id" mono>
          {p.id}
        </Field>
        <Field label="Type">{row.type}</Field>
        <Field label="Status">
          <StatusBadge status={p.status} />
        </Field>
        <Field label="Sent">{row.sent}</Field>
        <Field label="Received">{row.received}</Field>
        <Field label="Fee">{row.fee}</Field>
        <Field label="Rate">
          {p.rate?.value ? (
            <>
              <span className="tabular-nums">{p.rate.value}</span>
              {p.rate.side ? ` (${p.rate.side})` : null}
              {p.rate.captured_at ? (
                <span className="block text-xs text-muted-foreground">
                  captured <DateTime value={p.rate.captured_at} />
                </span>
              ) : null}
            </>
          ) : null}
        </Field>
        <Field label="Transaction hash" mono>
          {p.tx_hash ?? (p.type === "NGN_PAYOUT" ? "None: NGN payouts are bank transfers" : null)}
        </Field>
        <Field label="Created">
          <DateTime value={p.created_at} />
        </Field>
        <Field label="Settled">{p.settled_at ? <DateTime value={p.settled_at} /> : "Not settled"}</Field>
      </Fields>
      <Fields title="Recipient and sender" testId="payout-recipient">
        <Field label="Recipient type">{r?.type}</Field>
        <Field label="Recipient id" mono>
          {r?.id}
        </Field>
        {bank ? (
          <>
            <Field label="Bank">{[bank.bank_name, bank.bank_code ? `(${bank.bank_code})` : null].filter(Boolean).join(" ") || null}</Field>
            <Field label="Account number" mono>
              {bank.account_number}
            </Field>
            <Field label="Account name">{bank.account_name}</Field>
          </>
        ) : null}
        {r?.crypto_address ? (
          <Field label="Wallet address" mono>
            {r.crypto_address}
          </Field>
        ) : null}
        <Field label="Recipient created">
          <DateTime value={r?.created_at} />
        </Field>
        <Field label="Sender">{[p.sender?.type, p.sender?.id].filter(Boolean).join(" ") || null}</Field>
      </Fields>
    </div>
  );
}
