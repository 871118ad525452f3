import { CopyButton } from "@/components/forms/copy-button";
import { StatusBadge } from "@/components/timeline/status-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { MerchantFunding } from "@/lib/settlement/read";

function Row({ label, value, copy }: { label: string; value: string | null | undefined; copy?: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 py-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex items-center gap-2">
        <span className="font-mono text-sm break-all">{value || "—"}</span>
        {copy && value ? <CopyButton value={value} label={label.toLowerCase()} /> : null}
      </dd>
    </div>
  );
}

/** The merchant funding configuration as the provider has it: setup status, NGN account, wallet addresses. */
export function FundingConfig({ funding }: { funding: MerchantFunding }) {
  const ngn = funding.ngn_account;
  const wallet = funding.crypto_wallet;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="funding-config">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">NGN account</h2>
          </CardTitle>
          <CardDescription>Your permanent NGN bank account. Naira paid into it settles to the destination chosen below.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <div className="flex flex-wrap items-center justify-between gap-2 py-1.5">
              <dt className="text-sm text-muted-foreground">Setup status</dt>
              <dd data-testid="setup-status">
                <StatusBadge status={funding.setup_status} />
              </dd>
            </div>
            {ngn ? (
              <>
                <Row label="Bank" value={ngn.bank_name ? `${ngn.bank_name}${ngn.bank_code ? ` (${ngn.bank_code})` : ""}` : ngn.bank_code} />
                <Row label="Account number" value={ngn.account_number} copy />
                <Row label="Account name" value={ngn.account_name} copy />
              </>
            ) : null}
          </dl>
          {!ngn ? (
            <p className="py-2 text-sm text-muted-foreground" data-testid="no-ngn-account">
              The provider shows no NGN account for this merchant, so deposits cannot be kept in naira.
            </p>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">Crypto wallet</h2>
          </CardTitle>
          <CardDescription>Where stablecoins for the merchant itself are received, one address per chain.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="divide-y">
            <Row label="Wallet id" value={wallet?.wallet_id} />
            {(wallet?.addresses ?? []).map((a, i) => (
              <Row key={`${a.chain ?? ""}-${i}`} label={`${a.chain ?? "Unknown chain"} address`} value={a.address} copy />
            ))}
          </dl>
          {!wallet || wallet.addresses.length === 0 ? <p className="text-sm text-muted-foreground">The provider lists no wallet addresses.</p> : null}
        </CardContent>
      </Card>
    </div>
  );
}
