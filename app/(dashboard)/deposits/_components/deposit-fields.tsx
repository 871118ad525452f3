import { Link } from "@/components/ui/link";
import { Amount } from "@/components/page/amount";
import { LegacyLink } from "@/app/(dashboard)/deposits/_components/legacy-link";
import { StatusBadge } from "@/components/timeline/status-badge";
import { DateTime } from "@/components/ui/date-time";
import { statusLabel, typeLabel } from "@/lib/review/deposit-filters";
import { explorerTxUrl } from "@/lib/review/explorer";
import { explainFlag } from "@/lib/review/flags";
import { deposit as depositSchema } from "@/lib/upstream/schemas/core";
import type { Environment } from "@/lib/generated/prisma/enums";

type Money = { amount?: string | null; currency?: string | null } | null | undefined;

export interface DepositDetail {
  id: string;
  type: string;
  status: string;
  settlement_status?: string | null;
  settlement_mode?: string | null;
  funding_account_id?: string | null;
  onramp_id?: string | null;
  offramp_id?: string | null;
  customer_id?: string | null;
  amount: string;
  currency: string;
  settled_amount?: string | null;
  settled_currency?: string | null;
  rate?: string | null;
  rate_id?: string | null;
  asset?: string | null;
  chain?: string | null;
  tx_hash?: string | null;
  fees?: { deposit_fee?: Money; total_fee_usd?: string | null } | null;
  developer_fee?: { percentage?: string | null; amount?: string | null; currency?: string | null } | null;
  customer_amount?: Money;
  flag_code?: string | null;
  flag_message?: string | null;
  failure_code?: string | null;
  failure_message?: string | null;
  created_at: string;
  updated_at?: string | null;
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[14rem_1fr]" data-testid={testId}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

const SETTLEMENT_MODES: Record<string, string> = {
  ONCHAIN: "On chain",
  INTERNAL_BALANCE: "Merchant balance",
  CUSTOMER_NGN_BALANCE: "Customer's NGN balance",
};

/** Fields this page does not know yet (the provider adds them before its documents do), as sent. */
export function otherFields(d: object): [string, string][] {
  const known = new Set(Object.keys(depositSchema.shape));
  return Object.entries(d)
    .filter(([k, v]) => !known.has(k) && v !== undefined)
    .map(([k, v]) => {
      const text = v === null ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v);
      return [k, text.length > 300 ? `${text.slice(0, 299)}…` : text];
    });
}

/** Every field of the spec's Deposit table, with the ones that apply only sometimes shown only then. */
export function DepositFields({ d, environment }: { d: DepositDetail; environment: Environment }) {
  const explorer = explorerTxUrl(d.chain, d.tx_hash, environment);
  const others = otherFields(d);
  return (
    <dl className="grid gap-3 rounded-lg border p-4">
      <Row label="Deposit id">
        <span className="font-mono">{d.id}</span>
      </Row>
      <Row label="Type">{typeLabel(d.type)}</Row>
      <Row label="Status" testId="deposit-status">
        <StatusBadge status={d.status} /> <span className="sr-only">{statusLabel(d.status)}</span>
      </Row>
      <Row label="Settlement status">
        <StatusBadge status={d.settlement_status ?? null} />
        {d.settlement_status ? null : "—"}
      </Row>
      <Row label="Settlement mode">
        {d.settlement_mode ? (SETTLEMENT_MODES[d.settlement_mode] ?? d.settlement_mode) : "—"}
        {d.settlement_mode === "CUSTOMER_NGN_BALANCE" ? (
          <span className="block text-xs text-muted-foreground">The credit to the customer is final only when the status is COMPLETED.</span>
        ) : null}
      </Row>
      <Row label="Amount received" testId="deposit-amount">
        <Amount value={d.amount} currency={d.currency} />
      </Row>
      <Row label="Settled amount">
        <Amount value={d.settled_amount} currency={d.settled_currency} />
      </Row>
      {d.rate || d.rate_id ? (
        <Row label="Rate">
          {d.rate ? <span className="tabular-nums">{d.rate}</span> : "—"}
          {d.rate_id ? <span className="block font-mono text-xs text-muted-foreground">{d.rate_id}</span> : null}
        </Row>
      ) : null}
      <Row label="Deposit fee">
        {d.fees?.deposit_fee?.amount && d.fees.deposit_fee.currency ? <Amount value={d.fees.deposit_fee.amount} currency={d.fees.deposit_fee.currency} /> : "—"}
      </Row>
      <Row label="Total fees in USD">
        <Amount value={d.fees?.total_fee_usd ?? null} currency="USD" />
      </Row>
      {d.developer_fee ? (
        <Row label="Developer fee (kept by you)" testId="deposit-developer-fee">
          <Amount value={d.developer_fee.amount} currency={d.developer_fee.currency} />
          {d.developer_fee.percentage ? <span className="text-muted-foreground"> ({d.developer_fee.percentage} %)</span> : null}
        </Row>
      ) : null}
      {d.customer_amount ? (
        <Row label="Amount left for the customer" testId="deposit-customer-amount">
          <Amount value={d.customer_amount.amount} currency={d.customer_amount.currency} />
        </Row>
      ) : null}
      {d.asset || d.chain ? <Row label="Asset and chain">{[d.asset, d.chain].filter(Boolean).join(" on ")}</Row> : null}
      {d.tx_hash ? (
        <Row label="Transaction hash" testId="deposit-tx-hash">
          {explorer ? (
            <a href={explorer.url} target="_blank" rel="noopener noreferrer" className="font-mono underline underline-offset-4">
              {d.tx_hash}
              <span className="sr-only"> (opens {explorer.name} in a new tab)</span>
            </a>
          ) : (
            <span className="font-mono">{d.tx_hash}</span>
          )}
        </Row>
      ) : null}
      {d.flag_code || d.flag_message ? (
        <Row label="Flag" testId="deposit-flag">
          <span className="block">{explainFlag(d.flag_code, d.flag_message)}</span>
          <span className="block text-xs text-muted-foreground">
            Code <span className="font-mono">{d.flag_code ?? "—"}</span>
            {d.flag_message ? ` · provider's message: ${d.flag_message}` : ""}
          </span>
        </Row>
      ) : null}
      {d.failure_code || d.failure_message ? (
        <Row label="Failure">
          <span className="font-mono">{d.failure_code ?? ""}</span> {d.failure_message ?? ""}
        </Row>
      ) : null}
      <Row label="Funding account">
        {d.funding_account_id ? (
          <Link href={`/funding-accounts/${encodeURIComponent(d.funding_account_id)}`} className="font-mono underline underline-offset-4">
            {d.funding_account_id}
          </Link>
        ) : (
          "—"
        )}
      </Row>
      {d.onramp_id ? (
        <Row label="Legacy onramp">
          <LegacyLink kind="onramps" id={d.onramp_id} />
        </Row>
      ) : null}
      {d.offramp_id ? (
        <Row label="Legacy offramp">
          <LegacyLink kind="offramps" id={d.offramp_id} />
        </Row>
      ) : null}
      <Row label="Customer">
        {d.customer_id ? (
          <Link href={{ pathname: "/deposits", query: { customer: d.customer_id } }} className="font-mono underline underline-offset-4">
            {d.customer_id}
          </Link>
        ) : (
          "—"
        )}
      </Row>
      <Row label="Received">
        <DateTime value={d.created_at} />
      </Row>
      <Row label="Last updated">
        <DateTime value={d.updated_at ?? null} />
      </Row>
      {others.length > 0 ? (
        <Row label="Other fields from the provider" testId="deposit-other-fields">
          {others.map(([k, v]) => (
            <span key={k} className="block">
              <span className="font-mono text-xs">{k}</span>: <span className="font-mono">{v}</span>
            </span>
          ))}
        </Row>
      ) : null}
    </dl>
  );
}
