"use client";
import { useServerQuery } from "@/components/page/use-server-query";
import { fetchJson } from "@/components/page/fetch-json";
import { CopyButton } from "@/components/forms/copy-button";
import { useLiveRefetchInterval } from "@/components/live/live-provider";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import type { FundingAccountView } from "@/lib/funding-accounts/views";
import { liveKeys } from "@/lib/live/query-keys";
import { formatMoney } from "@/lib/money";
import type { FundingAccount } from "@/lib/upstream/schemas/core";
import type { Rail } from "@/lib/funding-accounts/options";
import { ChangeSettlementButton } from "./change-settlement-button";
import { Countdown } from "./countdown";
import { railLabel, settlementLabel, typeLabel } from "@/lib/funding-accounts/labels";
import { ReadError } from "@/components/page/read-error";
import { StaleNote } from "@/components/page/stale-note";

export const accountKey = (id: string) => liveKeys.resource("funding_account", id);

export function useFundingAccount(initial: FundingAccountView) {
  const id = initial.account.id;
  const refetchInterval = useLiveRefetchInterval();
  return useServerQuery({
    queryKey: accountKey(id),
    queryFn: () => fetchJson<FundingAccountView>(`/api/funding-accounts/${id}`, "The funding account could not be loaded. Try again in a moment."),
    initialData: initial,
    refetchInterval,
  });
}

function Row({ label, value, copy }: { label: string; value: string | null | undefined; copy?: boolean }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="font-mono text-sm break-all" data-testid={`instruction-${label.toLowerCase().replace(/\s+/g, "-")}`}>
          {value}
        </span>
        {copy ? <CopyButton value={value} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  );
}

function Instructions({ account }: { account: FundingAccount }) {
  if (account.instructions.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        {account.status === "PENDING"
          ? "The provider is preparing the details; they appear here in a moment."
          : "The provider gave no payment details for this account."}
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      {account.instructions.map((i, n) => (
        <div key={n} className="grid gap-1">
          <div className="flex items-center gap-2">
            <span className="text-sm font-medium">
              {i.type === "BANK_TRANSFER" ? "Bank transfer" : i.type === "CRYPTO_TRANSFER" ? "Crypto transfer" : i.type}
            </span>
            <StatusBadge status={i.status ?? null} />
          </div>
          <dl className="divide-y">
            <Row label="Bank" value={i.bank_name ? `${i.bank_name}${i.bank_code ? ` (${i.bank_code})` : ""}` : null} />
            <Row label="Account number" value={i.account_number} copy />
            <Row label="Account name" value={i.account_name} copy />
            <Row label="Amount" value={i.amount ? formatMoney(i.amount, i.currency ?? "NGN") : null} copy={false} />
            <Row label="Asset" value={i.asset ? `${i.asset}${i.chain ? ` on ${i.chain}` : ""}` : null} />
            <Row label="Address" value={i.address} copy />
          </dl>
        </div>
      ))}
    </div>
  );
}

function Settlement({ account }: { account: FundingAccount }) {
  const sd = account.settlement_destination;
  if (!sd) return <p className="text-sm text-muted-foreground">No settlement destination is set.</p>;
  const bank = sd.destination_bank;
  return (
    <dl className="divide-y" data-testid="settlement-destination">
      <Row label="Settles to" value={settlementLabel(sd.type)} />
      <Row label="Rate id" value={sd.rate_id} />
      <Row label="Stablecoin" value={sd.destination_asset ? `${sd.destination_asset}${sd.destination_chain ? ` on ${sd.destination_chain}` : ""}` : null} />
      <Row label="Destination address" value={sd.destination_address} copy />
      <Row label="Destination bank" value={bank ? `${bank.bank_name ?? bank.bank_code ?? ""} ${bank.account_number ?? ""}`.trim() : null} />
      <Row label="Destination account name" value={bank?.account_name} />
    </dl>
  );
}

/** The account's receive instructions, expiry, settlement destination and customer, refreshed live. */
export function FundingAccountDetail({ initial, canChangeSettlement = false }: { initial: FundingAccountView; canChangeSettlement?: boolean }) {
  const q = useFundingAccount(initial);
  const { account, customer } = q.data;
  // The provider changes the destination of permanent, active customer accounts only.
  const changeable =
    canChangeSettlement &&
    account.type === "PERMANENT" &&
    account.status === "ACTIVE" &&
    Boolean(account.customer_id) &&
    (account.rail === "NGN_VIRTUAL_ACCOUNT" || account.rail === "CRYPTO_ADDRESS");
  const expiring = account.expires_at && account.status !== "DISABLED" && account.status !== "FAILED";
  return (
    <div className="grid gap-4">
      {q.isError ? <ReadError title="Could not refresh this account" message={q.error.message} onRetry={() => void q.refetch()} /> : null}
      <StaleNote stale={q.data.stale} fetchedAt={q.data.fetchedAt} synced={q.data.synced} id={q.data.account.id} />
      <div className="flex flex-wrap items-center gap-3 text-sm" data-testid="account-summary">
        <StatusBadge status={account.status} />
        <span>
          {railLabel(account.rail)} · {typeLabel(account.type)}
        </span>
        {account.amount ? <span>· expects {formatMoney(account.amount, account.currency ?? "NGN")}</span> : null}
        <span className="text-muted-foreground">
          · created <DateTime value={account.created_at ?? null} />
        </span>
        {expiring ? (
          <span>
            · expires in <Countdown expiresAt={account.expires_at!} what="This funding account" />
          </span>
        ) : account.expires_at ? (
          <span className="text-muted-foreground">
            · expired <DateTime value={account.expires_at} />
          </span>
        ) : null}
      </div>
      {account.failure_reason ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          The provider could not open this account: {account.failure_reason}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-base">How the customer pays</h2>
            </CardTitle>
            <CardDescription>Give these details to {customer?.name ?? "the customer"}.</CardDescription>
          </CardHeader>
          <CardContent>
            <Instructions account={account} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-base">Settlement destination</h2>
            </CardTitle>
            <CardDescription>Where deposits to this account go.</CardDescription>
            {changeable ? (
              <div>
                <ChangeSettlementButton accountId={account.id} rail={account.rail as Rail} asset={account.asset ?? account.currency ?? ""} />
              </div>
            ) : null}
          </CardHeader>
          <CardContent>
            <Settlement account={account} />
            <dl className="mt-3 divide-y border-t">
              <Row
                label="Customer"
                value={customer ? `${customer.name}${customer.email ? ` (${customer.email})` : ""}` : (account.customer_id ?? "The merchant's own account")}
              />
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
