/**
 * Each of the provider-object lists offers "Export CSV" with the filters on screen: the toolbar's
 * link is the list's export route with the URL's filters, less the page (the export is every row).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import fs from "node:fs";
import path from "node:path";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { OrdersToolbar } from "@/app/(dashboard)/coins/_components/orders/toolbar";
import { TransactionsToolbar } from "@/app/(dashboard)/coins/_components/transactions/toolbar";
import { DepositsToolbar } from "@/app/(dashboard)/deposits/_components/toolbar";
import { FundingAccountsToolbar } from "@/app/(dashboard)/funding-accounts/_components/toolbar";
import { ProOrdersToolbar } from "@/app/(dashboard)/pro/_components/orders/toolbar";
import { RecipientsToolbar } from "@/app/(dashboard)/recipients/_components/toolbar";
import { TransfersToolbar } from "@/app/(dashboard)/transfers/_components/toolbar";
import { WithdrawalsToolbar } from "@/app/(dashboard)/withdrawals/_components/toolbar";
import { ROOT } from "@/test/sources";

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => undefined, refresh: () => undefined, replace: () => undefined }),
  usePathname: () => "/list",
  useSearchParams: () => new URLSearchParams(),
}));

const CUSTOMER = "0b6f6f3e-8a51-4d3c-9d7e-2f1c7a0e5b11";

/** The toolbar, the URL's query on screen, and the export link it must offer. */
const TOOLBARS: [string, React.ReactNode, string, string][] = [
  [
    "deposits",
    <DepositsToolbar key="d" />,
    `status=FAILED&type=NGN_DEPOSIT&customer=${CUSTOMER}&from=2026-11-01&to=2026-11-02&page=3`,
    `/api/deposits/export?status=FAILED&type=NGN_DEPOSIT&customer=${CUSTOMER}&from=2026-11-01&to=2026-11-02`,
  ],
  [
    "funding accounts",
    <FundingAccountsToolbar key="f" customers={[]} />,
    "rail=CRYPTO_ADDRESS&status=ACTIVE&page=2",
    "/api/funding-accounts/export?rail=CRYPTO_ADDRESS&status=ACTIVE",
  ],
  ["recipients", <RecipientsToolbar key="r" />, "type=BANK_ACCOUNT&q=ada&page=2", "/api/recipients/export?type=BANK_ACCOUNT&q=ada"],
  ["transfers", <TransfersToolbar key="t" />, "status=COMPLETED&page=4", "/api/transfers/export?status=COMPLETED"],
  ["withdrawals", <WithdrawalsToolbar key="w" />, "status=SETTLED&page=2", "/api/withdrawals/export?status=SETTLED"],
  [
    "Pro orders",
    <ProOrdersToolbar key="p" />,
    "view=history&status=filled&symbol=USDT-NGN&page=2",
    "/api/pro/orders/export?view=history&status=filled&symbol=USDT-NGN",
  ],
  [
    "Coins orders",
    <OrdersToolbar key="o" bases={["BTC"]} quotes={["NGN"]} />,
    "status=completed&side=sell&base_asset=BTC&cursor=abc&trail=,xyz",
    "/api/coins/orders/export?status=completed&side=sell&base_asset=BTC",
  ],
  [
    "Coins transactions",
    <TransactionsToolbar key="x" assets={["BTC"]} />,
    "type=fee&asset=BTC&status=completed&cursor=abc",
    "/api/coins/transactions/export?type=fee&asset=BTC&status=completed",
  ],
];

const exportHref = (html: string) => {
  const a = html.match(/<a href="([^"]*)" download=""[^>]*data-testid="list-export"[^>]*>Export CSV<\/a>/);
  return a ? a[1]!.replaceAll("&amp;", "&") : null;
};

function render(toolbar: React.ReactNode, search: string): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <NuqsTestingAdapter searchParams={search}>{toolbar}</NuqsTestingAdapter>
    </QueryClientProvider>,
  );
}

describe.each(TOOLBARS)("the %s toolbar", (_name, toolbar, search, href) => {
  it("offers Export CSV with the filters on screen, without the page", () => {
    expect(exportHref(render(toolbar, search))).toBe(href);
  });

  it("offers the whole list when no filter is set", () => {
    expect(exportHref(render(toolbar, ""))).toBe(href.split("?")[0]);
  });
});

describe("the balance moves", () => {
  it("have no filters, and offer Export CSV of every move beside their heading", () => {
    const page = fs.readFileSync(path.join(ROOT, "app/(dashboard)/balances/page.tsx"), "utf8");
    expect(page).toContain('<ExportLink href="/api/balances/moves/export" />');
  });
});
