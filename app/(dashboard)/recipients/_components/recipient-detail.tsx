import { Info } from "lucide-react";
import { StaleNote } from "@/components/page/stale-note";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DateTime } from "@/components/ui/date-time";
import { masked, recipientName, type RecipientView } from "@/lib/recipients/views";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { categoryLabel, chainLabel, countryLabel, purposeLabel, typeLabel } from "./labels";

type Address = NonNullable<NonNullable<Recipient["us_bank_account"]>["address"]>;
type Item = [label: string, value: React.ReactNode];

function Details({ items, testId }: { items: Item[]; testId: string }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]" data-testid={testId}>
      {items
        .filter(([, v]) => v)
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-sm break-all">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

const addressLine = (a: Address | null | undefined): string | null =>
  a
    ? [a.street_line_1, a.street_line_2, a.city, [a.state, a.postal_code].filter(Boolean).join(" "), a.country ? countryLabel(a.country) : null]
        .filter(Boolean)
        .join(", ")
    : null;

const capitalized = (v: string | null | undefined) => (v ? v.charAt(0).toUpperCase() + v.slice(1) : null);

/** Only the object that matches the type, with account numbers and IBANs masked to their last four. */
function accountItems(r: Recipient): Item[] {
  if (r.type === "BANK_ACCOUNT" && r.bank_account) {
    const b = r.bank_account;
    return [
      ["Account name", b.account_name],
      ["Bank", b.bank_name ? `${b.bank_name} (${b.bank_code ?? "?"})` : b.bank_code],
      ["Account number", masked(b.account_number_last4)],
    ];
  }
  if (r.type === "CRYPTO_ADDRESS" && r.crypto_address) {
    const c = r.crypto_address;
    return [
      ["Asset", c.asset],
      ["Chain", c.chain ? chainLabel(c.chain) : null],
      ["Wallet address", c.address],
    ];
  }
  if (r.type === "US_BANK_ACCOUNT" && r.us_bank_account) {
    const u = r.us_bank_account;
    return [
      ["Account owner", u.account_owner_name],
      ["Bank", u.bank_name],
      ["Account number", masked(u.account_number_last4)],
      ["Routing number", u.routing_number],
      ["Account type", capitalized(u.account_type)],
      ["Payout scheme", u.payout_scheme ? u.payout_scheme.toUpperCase() : null],
      ["Owner's address", addressLine(u.address)],
    ];
  }
  if (r.type === "SWIFT_BANK_ACCOUNT" && r.swift_bank_account) {
    const s = r.swift_bank_account;
    return [
      ["Account owner", s.account_owner_name],
      ["Owner type", capitalized(s.account_owner_type)],
      ["Name", [s.first_name, s.last_name].filter(Boolean).join(" ") || null],
      ["Business name", s.business_name],
      ["Business description", s.short_business_description],
      ["Category", s.category ? categoryLabel(s.category) : null],
      ["Purpose of funds", s.purpose_of_funds?.map(purposeLabel).join(", ")],
      ["Account country", s.account_country ? countryLabel(s.account_country) : null],
      ["Bank", s.bank_name],
      ["BIC", s.bic],
      ["IBAN", masked(s.iban_last4)],
      ["Owner's address", addressLine(s.address)],
      ["Bank's address", addressLine(s.bank_address)],
    ];
  }
  return [];
}

export function RecipientDetail({ view, existing }: { view: RecipientView; existing: boolean }) {
  const { recipient: r, customer } = view;
  const items = accountItems(r);
  return (
    <div className="grid max-w-3xl gap-6">
      {existing ? (
        <Alert data-testid="existing-recipient">
          <Info aria-hidden="true" />
          <AlertTitle>This recipient already existed</AlertTitle>
          <AlertDescription>
            The provider already had a recipient with these account details, so no new one was saved. This is the existing one.
          </AlertDescription>
        </Alert>
      ) : null}
      <StaleNote stale={view.stale} fetchedAt={view.fetchedAt} synced={view.synced} id={view.recipient.id} />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">Summary</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Details
            testId="recipient-summary"
            items={[
              ["Type", typeLabel(r.type)],
              ["Name", recipientName(r)],
              ["Customer", customer ? `${customer.name}${customer.email ? ` (${customer.email})` : ""}` : r.customer_id],
              ["Created", r.created_at ? <DateTime key="created" value={r.created_at} /> : null],
              ["Recipient id", r.id],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base">{typeLabel(r.type)}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {items.length > 0 ? (
            <Details testId="recipient-account" items={items} />
          ) : (
            <p className="text-sm text-muted-foreground">The provider sent no account details for this recipient type.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
