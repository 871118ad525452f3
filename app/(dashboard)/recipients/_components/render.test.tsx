/**
 * Render tests of the recipient components as the server first paints them: the detail shows only
 * the object of its type with numbers masked, the table shows masked rows, and the empty states.
 */
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { RecipientsTable } from "@/app/(dashboard)/recipients/_components/data-table";
import type { RecipientListView, RecipientView } from "@/lib/recipients/views";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { RecipientDetail } from "./recipient-detail";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => undefined, refresh: () => undefined, replace: () => undefined }),
  usePathname: () => "/recipients",
  useSearchParams: () => new URLSearchParams(),
}));

function render(node: React.ReactNode): string {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  return renderToStaticMarkup(<QueryClientProvider client={qc}>{node}</QueryClientProvider>);
}

const NOW = "2026-11-22T05:00:00.000Z";
const none = { bank_account: null, crypto_address: null, us_bank_account: null, swift_bank_account: null };
const bank: Recipient = {
  id: "5d3c1f0e-1111-4a2b-8c3d-9e8f7a6b5c4d",
  type: "BANK_ACCOUNT",
  first_name: "Adaeze",
  last_name: "Okonkwo",
  ...none,
  bank_account: { account_name: "Adaeze Okonkwo", account_number_last4: "0031", bank_code: "044", bank_name: "Access Bank" },
  created_at: NOW,
};
const swift: Recipient = {
  id: "6e4d2a1f-2222-4b3c-9d4e-0f9a8b7c6d5e",
  type: "SWIFT_BANK_ACCOUNT",
  first_name: null,
  last_name: null,
  customer_id: "7f5e3b2a-3333-4c4d-8e5f-1a0b9c8d7e6f",
  ...none,
  swift_bank_account: {
    account_owner_name: "Bakare Trading GmbH",
    account_owner_type: "business",
    business_name: "Bakare Trading GmbH",
    short_business_description: "Wholesale textiles",
    category: "supplier",
    account_country: "DEU",
    bank_name: "Commerzbank",
    bic: "COBADEFFXXX",
    iban_last4: "3000",
    purpose_of_funds: ["invoice_for_goods_and_services"],
    address: { street_line_1: "Friedrichstrasse 10", city: "Berlin", postal_code: "10117", country: "DEU" },
    bank_address: { street_line_1: "Kaiserplatz 1", city: "Frankfurt", postal_code: "60311", country: "DEU" },
  },
  created_at: NOW,
};
const fresh = { fetchedAt: NOW, stale: false };

describe("recipient detail", () => {
  it("shows the SWIFT object with the IBAN masked, its customer and the created time", () => {
    const view: RecipientView = {
      recipient: swift,
      customer: { id: swift.customer_id!, name: "Tunde Bakare", email: "tunde.bakare@example.com", kycTier: "2" },
      ...fresh,
    };
    const html = render(<RecipientDetail view={view} existing={false} />);
    expect(html).toContain("SWIFT bank account");
    expect(html).toContain("••••3000");
    expect(html).toContain("Germany (DEU)");
    expect(html).toContain("Invoice for goods and services");
    expect(html).toContain("Tunde Bakare (tunde.bakare@example.com)");
    expect(html).toContain("Created");
    expect(html).not.toContain("already existed");
  });

  it("says when the provider returned a recipient it already had", () => {
    const html = render(<RecipientDetail view={{ recipient: bank, customer: null, ...fresh }} existing />);
    expect(html).toContain("This recipient already existed");
    expect(html).toContain("Access Bank (044)");
    expect(html).toContain("••••0031");
  });
});

describe("recipient table", () => {
  const list = (rows: Recipient[]): RecipientListView => ({ rows, page: 1, pages: 1, total: rows.length, searchedAll: true, ...fresh });

  it("shows each recipient's name, type and masked destination", () => {
    const html = render(<RecipientsTable initial={list([bank, swift])} filters={{ page: 1 }} canCreate />);
    expect(html).toContain("Adaeze Okonkwo");
    expect(html).toContain("Access Bank ••••0031");
    expect(html).toContain("Commerzbank IBAN ••••3000");
    expect(html).toContain("2 recipients · page 1 of 1");
  });

  it("has an empty state that offers creation only to those who may, and one for a search with no match", () => {
    expect(render(<RecipientsTable initial={list([])} filters={{ page: 1 }} canCreate />)).toContain('href="/recipients/new"');
    expect(render(<RecipientsTable initial={list([])} filters={{ page: 1 }} canCreate={false} />)).not.toContain('href="/recipients/new"');
    expect(render(<RecipientsTable initial={list([])} filters={{ page: 1, q: "zz" }} canCreate />)).toContain("No recipients match this type or search");
  });
});
