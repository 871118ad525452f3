/**
 * Render tests of the funding-account components as the server first paints them: which fields
 * the create form shows, the receive instructions with their copy buttons, deposits, empty and
 * error states, the frozen banner, and what the expiry countdown announces.
 */
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { LiveContext } from "@/components/live/live-provider";
import { FundingAccountsTable } from "@/app/(dashboard)/funding-accounts/_components/data-table";
import type { AccountDepositsView, FundingAccountListView, FundingAccountView } from "@/lib/funding-accounts/views";
import { SAMPLE_NGN_ACCOUNT } from "@/lib/funding-accounts/samples";
import { FROZEN } from "@/lib/upstream/errors";
import { AccountDeposits } from "./account-deposits";
import { FundingAccountDetail } from "./account-detail";
import { announcement, formatRemaining } from "./countdown";
import { CreateFundingAccountForm } from "./create-form";
import { FrozenBanner } from "./frozen-banner";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => undefined, refresh: () => undefined, replace: () => undefined }),
  usePathname: () => "/funding-accounts",
  useSearchParams: () => new URLSearchParams(),
  redirect: () => undefined,
  notFound: () => undefined,
}));

function render(node: React.ReactNode): string {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LiveContext.Provider value={{ mode: "live", fallbackIntervalMs: 10_000 }}>{node}</LiveContext.Provider>
    </QueryClientProvider>,
  );
}

const NOW = "2026-11-22T05:00:00.000Z";
/** The sample account as a temporary one, for NGN 50,000 within the hour. */
const ngnAccount = {
  ...SAMPLE_NGN_ACCOUNT,
  type: "TEMPORARY",
  amount: "50000.00",
  instructions: [{ ...SAMPLE_NGN_ACCOUNT.instructions[0]!, amount: "50000.00" }],
  expires_at: "2026-11-22T06:00:00.000Z",
  created_at: NOW,
};
const accountView: FundingAccountView = {
  account: ngnAccount,
  customer: { id: ngnAccount.customer_id, name: "Amaka Obi", email: "amaka.obi@example.com", kycTier: "2" },
  fetchedAt: NOW,
  stale: false,
};

describe("create form", () => {
  const customers = [{ id: ngnAccount.customer_id, name: "Amaka Obi", email: "amaka.obi@example.com", kycTier: "2" }];

  it("starts as a temporary NGN account: amount asked, no asset or chain, merchant balance settlement", () => {
    const html = render(<CreateFundingAccountForm customers={customers} customersError={null} banks={[]} banksError={null} />);
    expect(html).toContain('aria-label="New funding account"');
    expect(html).toContain("Amount (NGN)");
    expect(html).not.toContain(">Asset<");
    expect(html).not.toContain(">Chain<");
    // The chosen option's text is filled in by the select after hydration; the rate panel shows the choice.
    // NGN to the merchant balance may lock a USD rate, but does not have to.
    expect(html).toContain("Rate (optional)");
    expect(html).toContain("Lock a USD rate");
    expect(html).toContain("Create funding account");
  });

  it("shows why the customers could not load on the customer field", () => {
    const html = render(
      <CreateFundingAccountForm
        customers={[]}
        customersError="The provider could not be reached. Reload the page to try again."
        banks={[]}
        banksError={null}
      />,
    );
    expect(html).toContain("The provider could not be reached. Reload the page to try again.");
    expect(html).toContain('aria-invalid="true"');
  });
});

describe("detail", () => {
  it("shows the bank details with copy buttons, the expected amount and the settlement", () => {
    const html = render(<FundingAccountDetail initial={accountView} />);
    expect(html).toContain("7812345678");
    expect(html).toContain('aria-label="Copy account number"');
    expect(html).toContain('aria-label="Copy account name"');
    expect(html).toContain("Wema Bank (035)");
    expect(html).toContain("expects ₦50,000.00");
    expect(html).toContain('dateTime="2026-11-22T06:00:00.000Z"');
    expect(html).toContain("Merchant balance (USD)");
    expect(html).toContain("Amaka Obi (amaka.obi@example.com)");
  });

  it("shows a wallet address with its copy button for a crypto account", () => {
    const crypto = {
      ...ngnAccount,
      rail: "CRYPTO_ADDRESS",
      type: "PERMANENT",
      amount: null,
      expires_at: null,
      asset: "USDT",
      chain: "TRON",
      instructions: [
        { type: "CRYPTO_TRANSFER", status: "ACTIVE", currency: "USDT", asset: "USDT", chain: "TRON", address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" },
      ],
    };
    const html = render(<FundingAccountDetail initial={{ ...accountView, account: crypto }} />);
    expect(html).toContain("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf");
    expect(html).toContain('aria-label="Copy address"');
    expect(html).toContain("USDT on TRON");
    expect(html).not.toContain("expires in");
  });

  it("says the data is cached when the provider could not be reached", () => {
    expect(render(<FundingAccountDetail initial={{ ...accountView, stale: true }} />)).toContain(
      'The provider could not be reached; showing data as of <time dateTime="2026-11-22T05:00:00.000Z">22 Nov 2026, 05:00 UTC</time>.',
    );
  });
});

describe("deposits of an account", () => {
  const deposits: AccountDepositsView = {
    rows: [
      {
        id: "d1d1d1d1-0000-4000-8000-000000000001",
        type: "NGN_DEPOSIT",
        amount: "75000",
        currency: "NGN",
        settled_amount: "48.05",
        settled_currency: "USD",
        status: "COMPLETED",
        created_at: NOW,
        instructions: [],
      } as never,
    ],
    total: 1,
    fetchedAt: NOW,
    stale: false,
  };

  it("lists deposits with amounts formatted per currency", () => {
    const html = render(<AccountDeposits accountId={ngnAccount.id} initial={deposits} initialError={null} />);
    expect(html).toContain("₦75,000.00");
    expect(html).toContain("$48.05");
    expect(html).toContain(">COMPLETED<");
  });

  it("has an empty state and an error state with a retry", () => {
    expect(render(<AccountDeposits accountId={ngnAccount.id} initial={{ ...deposits, rows: [], total: 0 }} initialError={null} />)).toContain(
      "No deposits yet",
    );
    const failed = render(<AccountDeposits accountId={ngnAccount.id} initial={null} initialError="The provider is not answering. Try again in a minute." />);
    expect(failed).toContain("The provider is not answering. Try again in a minute.");
    expect(failed).toContain("Try again</button>");
  });
});

const NO_FILTERS = { rail: undefined, type: undefined, status: undefined, customer: undefined, page: 1 };

describe("list", () => {
  const list: FundingAccountListView = {
    rows: [ngnAccount],
    page: 1,
    pages: 1,
    total: 1,
    customerNames: { [ngnAccount.customer_id]: "Amaka Obi" },
    fetchedAt: NOW,
    stale: false,
  };

  it("shows each account's customer, rail, where it pays into and its amount", () => {
    const html = render(<FundingAccountsTable initial={list} filters={NO_FILTERS} canCreate />);
    expect(html).toContain("Amaka Obi");
    expect(html).toContain("NGN bank account");
    expect(html).toContain("Wema Bank 7812345678");
    expect(html).toContain("₦50,000.00");
    expect(html).toContain(`href="/funding-accounts/${ngnAccount.id}"`);
  });

  it("offers to create the first account, or to clear filters when they hide everything", () => {
    const empty = { ...list, rows: [], total: 0 };
    expect(render(<FundingAccountsTable initial={empty} filters={NO_FILTERS} canCreate />)).toContain('href="/funding-accounts/new"');
    const filtered = render(<FundingAccountsTable initial={empty} filters={{ ...NO_FILTERS, rail: "CRYPTO_ADDRESS" }} canCreate />);
    expect(filtered).toContain("No funding accounts match these filters");
    expect(filtered).not.toContain('href="/funding-accounts/new"');
    expect(render(<FundingAccountsTable initial={empty} filters={NO_FILTERS} canCreate={false} />)).not.toContain('href="/funding-accounts/new"');
  });
});

describe("frozen banner and countdown", () => {
  it("the banner is an alert that says what is blocked", () => {
    const html = render(<FrozenBanner message={FROZEN} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain("New funding accounts are blocked");
    expect(html.replaceAll("&#x27;", "'")).toContain(FROZEN);
  });

  it("counts down visibly but speaks only at a few minute marks and at expiry", () => {
    expect(formatRemaining(59 * 60_000 + 12_000)).toBe("59 min 12 s");
    expect(formatRemaining(2 * 3_600_000 + 5 * 60_000)).toBe("2 h 5 min");
    expect(formatRemaining(42_000)).toBe("42 s");
    expect(announcement(45 * 60_000, "The rate")).toBe("");
    expect(announcement(29 * 60_000 + 59_000, "The rate")).toBe("The rate expires in less than 30 minutes.");
    expect(announcement(29 * 60_000 + 58_000, "The rate")).toBe(announcement(21 * 60_000, "The rate"));
    expect(announcement(4 * 60_000, "The rate")).toBe("The rate expires in less than 5 minutes.");
    expect(announcement(30_000, "The rate")).toBe("The rate expires in less than a minute.");
    expect(announcement(0, "The rate")).toBe("The rate has expired.");
  });
});
