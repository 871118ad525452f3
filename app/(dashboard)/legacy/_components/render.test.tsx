import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { IgnoredParams } from "@/app/(dashboard)/legacy/_components/ignored-params";
import { LegacyHeader } from "@/app/(dashboard)/legacy/_components/legacy-header";
import { PayoutFields } from "@/app/(dashboard)/legacy/_components/payout-fields";
import { RampFields } from "@/app/(dashboard)/legacy/_components/ramp-fields";
import { RampReplacements } from "@/app/(dashboard)/legacy/_components/ramp-replacements";
import { LegacyTable } from "@/app/(dashboard)/legacy/_components/data-table";
import { payoutColumns } from "@/app/(dashboard)/legacy/_components/payout-columns";
import { parseLegacyFilters } from "@/lib/legacy/filters";
import { payoutRow, type Offramp, type RampDetailView } from "@/lib/legacy/views";
import { offramp, payout } from "@/lib/upstream/schemas/core";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }), usePathname: () => "/" }));

const P = payout.parse({
  type: "CRYPTO_PAYOUT",
  id: "5d0c4b0e-1111-4000-8000-000000000002",
  reference: "PO-10002",
  status: "SETTLED",
  source_currency: "USDT",
  destination_currency: "USDT",
  source_amount: "174.00",
  destination_amount: "173.13",
  fee: "0.87",
  rate: { side: "SELL", value: "1.00", captured_at: "2026-01-01T10:00:00Z" },
  recipient: {
    id: "r2",
    type: "CRYPTO_ADDRESS",
    bank_account: null,
    crypto_address: "0x1234567890abcdef1234567890abcdef12345678",
    created_at: "2025-12-31T10:00:00Z",
  },
  sender: { type: "MERCHANT", id: "m-1" },
  tx_hash: "0xfeed",
  created_at: "2026-01-01T10:00:00Z",
  settled_at: null,
});

const OFF: Offramp = offramp.parse({
  id: "0ff0ff00-0000-4000-8000-000000000001",
  type: "PERMANENT",
  customer_id: "c0000000-0000-4000-8000-000000000001",
  address: "0xabc0000000000000000000000000000000000001",
  chain: "POLYGON",
  asset: "USDT",
  status: "ACTIVE",
  developer_fee: { percentage: "0.5" },
  settlement: { mode: "NGN_PAYOUT", rate_id: null, destination_bank: { account_name: "Adaeze Okonkwo", account_number: "0690000031", bank_code: "044" } },
  expires_at: null,
  created_at: "2025-11-01T00:00:00Z",
  updated_at: "2025-11-01T00:00:00Z",
});

describe("legacy views", () => {
  it("marks every page as legacy and links only the replacing pages this build has and the role may open", () => {
    const html = renderToStaticMarkup(<LegacyHeader kind="onramps" role="viewer" title="Onramps" />);
    expect(html).toContain("Legacy route, read only");
    expect(html).toContain("New receive-money work uses funding accounts and deposits");
    expect(html).toContain('href="/funding-accounts"');
    expect(html).toContain('href="/deposits"');
    const payouts = renderToStaticMarkup(<LegacyHeader kind="payouts" role="viewer" title="Payouts" />);
    expect(payouts).toContain("New send-money work uses transfers and merchant withdrawals");
  });

  it("shows every payout field, with a dash or a sentence where the provider gives nothing", () => {
    const html = renderToStaticMarkup(<PayoutFields payout={P} />);
    for (const text of [
      "PO-10002",
      "Crypto payout",
      "USDT 174.00",
      "USDT 173.13",
      "USDT 0.87",
      "1.00",
      "(SELL)",
      "0xfeed",
      "Not settled",
      "0x1234567890abcdef1234567890abcdef12345678",
      "MERCHANT m-1",
    ])
      expect(html).toContain(text);
    const odd = renderToStaticMarkup(<PayoutFields payout={payout.parse({ type: "WIRE_PAYOUT", id: "x", status: "RETURNED" })} />);
    expect(odd).toContain("WIRE_PAYOUT");
    expect(odd).toContain("RETURNED");
    expect(odd).toContain("—");
  });

  it("shows an offramp's address, chain, settlement bank and the replacement link", () => {
    const html = renderToStaticMarkup(<RampFields kind="offramps" ramp={OFF} />);
    for (const text of [OFF.address!, "POLYGON", "USDT", "0.5 %", "Never (permanent)", "NGN payout to a bank account", "0690000031", "Adaeze Okonkwo"])
      expect(html).toContain(text);
    const view: RampDetailView<Offramp> = {
      ramp: OFF,
      customer: { id: OFF.customer_id!, name: "Amaka Obi" },
      replacements: [],
      deposits: null,
      fetchedAt: "2026-01-01T00:00:00Z",
      stale: false,
    };
    const repl = renderToStaticMarkup(<RampReplacements kind="offramps" view={view} />);
    expect(repl).toContain(`href="/funding-accounts?rail=CRYPTO_ADDRESS&amp;customer=${OFF.customer_id}"`);
    expect(repl).toContain("Amaka Obi has no funding account on this rail yet.");
    expect(repl).toContain("The deposits could not load");
  });

  it("renders rows with the pager keeping filters and size, or the empty state", () => {
    const filters = parseLegacyFilters("payouts", { type: "CRYPTO_PAYOUT", limit: "10" });
    const payouts = (rows: ReturnType<typeof payoutRow>[], view: { page: number; pages: number; total: number }, f = filters) =>
      renderToStaticMarkup(
        <LegacyTable
          rows={rows}
          columns={payoutColumns}
          noun={["payout", "payouts"]}
          caption="Payouts"
          testId="payout"
          path="/legacy/payouts"
          view={view}
          filters={f}
        />,
      );
    const html = payouts([payoutRow(P)], { page: 2, pages: 3, total: 25 });
    expect(html).toContain(`href="/legacy/payouts/${P.id}"`);
    expect(html).toContain("25 payouts · page 2 of 3");
    expect(html).toMatch(/href="\?type=CRYPTO_PAYOUT&amp;limit=10&amp;page=3"/);
    const empty = payouts([], { page: 1, pages: 1, total: 0 });
    expect(empty).toContain("No payouts match these filters");
    const past = payouts([], { page: 9, pages: 3, total: 25 }, parseLegacyFilters("payouts", {}));
    expect(past).toContain('href="/legacy/payouts"');
    expect(past).toContain("This page is past the end of the list");
  });

  it("lists what the URL asked for that was ignored", () => {
    const html = renderToStaticMarkup(<IgnoredParams ignored={parseLegacyFilters("payouts", { status: "DONE" }).ignored} />);
    expect(html).toContain("status=DONE");
    expect(html).toContain("Status must be one of PROCESSING, SETTLED, FAILED.");
    expect(renderToStaticMarkup(<IgnoredParams ignored={[]} />)).toBe("");
  });
});
