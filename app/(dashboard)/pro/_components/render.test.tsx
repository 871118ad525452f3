import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { OrderFields } from "@/app/(dashboard)/pro/_components/order-fields";
import { OrderTicket } from "@/app/(dashboard)/pro/_components/order-ticket";
import { WithdrawalOptionsList } from "@/app/(dashboard)/pro/_components/withdrawal-options";
import { REJECTION_SENTENCES } from "@/lib/upstream/error-codes";
import type { ProOrder } from "@/lib/upstream/schemas/pro";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }), usePathname: () => "/pro" }));
vi.mock("@/lib/pro/quote-order", () => ({ quoteProOrder: async () => ({ ok: false, error: "unused" }) }));
vi.mock("@/lib/pro/place-order", () => ({ placeProOrder: async () => ({ ok: false, error: "unused" }) }));
vi.mock("@/lib/pro/cancel-order", () => ({ cancelProOrder: async () => ({ ok: false, error: "unused" }) }));
vi.mock("@/lib/pro/replace-order", () => ({ replaceProOrder: async () => ({ ok: false, error: "unused" }) }));

const order: ProOrder = {
  order_id: "3f0c5c1e-0000-4000-8000-000000000001",
  client_order_id: "q-1",
  symbol: "USD-NGN",
  side: "buy",
  type: "limit",
  status: "rejected",
  price: "1530.00",
  requested_quantity: "10.00000000",
  filled_quantity: "0.00000000",
  remaining_quantity: "10.00000000",
  max_taker_fee: "10.00",
  avg_fill_price: "",
  total_fee_charged: "",
  rejection_reason: "TAKER_FEE_CAP_EXCEEDED",
  created_at: "2026-11-24T01:00:00.000Z",
  updated_at: "2026-11-24T01:00:00.000Z",
} as ProOrder;

const withQuery = (node: React.ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

describe("OrderFields", () => {
  it("explains a fee-cap rejection and shows quantities and prices per currency", () => {
    const html = renderToStaticMarkup(<OrderFields order={order} />);
    expect(html).toContain("The provider rejected this order.");
    expect(html).toContain("get a fresh quote");
    expect(html).toContain("USD 10.00");
    expect(html).toContain("₦1,530.00");
    expect(html).toContain("No fills yet");
  });

  // upstream-docs-notes.md, "Pro orders": the documented lowercase reasons, plus the spec's fee cap.
  it.each(["TAKER_FEE_CAP_EXCEEDED", "insufficient_balance", "invalid_price", "invalid_quantity", "market_closed", "rate_limit_exceeded"])(
    "a rejected order's detail explains the documented reason %s in its own sentence",
    (reason) => {
      const html = renderToStaticMarkup(<OrderFields order={{ ...order, rejection_reason: reason }} />);
      expect(html).toContain(`>${reason}</p>`);
      expect(html).toContain(REJECTION_SENTENCES[reason]!.replace(/'/g, "&#x27;"));
      expect(html).not.toContain("gave the reason");
    },
  );

  it("a rejected order with a reason no document names shows it raw", () => {
    const html = renderToStaticMarkup(<OrderFields order={{ ...order, rejection_reason: "SELF_TRADE_PREVENTED" }} />);
    expect(html).toContain("The provider gave the reason &quot;SELF_TRADE_PREVENTED&quot;.");
  });

  it("shows fills, average price and fees of a partial fill, and an unknown status raw", () => {
    const html = renderToStaticMarkup(
      <OrderFields
        order={{
          ...order,
          status: "settling_somehow" as never,
          rejection_reason: "",
          filled_quantity: "4.50000000",
          remaining_quantity: "5.50000000",
          avg_fill_price: "1529.25",
          total_fee_charged: "6.88",
        }}
      />,
    );
    expect(html).toContain("settling_somehow");
    expect(html).toContain("USD 4.50");
    expect(html).toContain("₦1,529.25");
    expect(html).toContain("₦6.88");
    expect(html).not.toContain("rejected this order");
  });
});

// The ticket's form comes with its code at the first input in the page; here it renders as the server renders it.
vi.mock("@/app/(dashboard)/pro/_components/forms-on-input", async () => ({
  TicketForm: (await import("@/app/(dashboard)/pro/_components/ticket-form")).TicketForm,
}));

describe("OrderTicket", () => {
  it("is disabled with the reason when trading is not allowed", () => {
    const html = renderToStaticMarkup(
      withQuery(
        <OrderTicket
          access={{ allowed: false, reason: "The Pro API key for the sandbox is read-only (scopes: Read)." }}
          initialBalances={null}
          balancesError="The provider is not answering right now."
          initialOrderId={null}
        />,
      ),
    );
    expect(html).toContain("The order ticket is not available");
    expect(html).toContain("read-only (scopes: Read)");
    expect(html).toMatch(/<fieldset disabled=""/);
    expect(html).toContain("The provider is not answering right now. The provider still checks every order.");
  });

  it("offers the limit price by default and shows the shared USD balance note", () => {
    const html = renderToStaticMarkup(
      withQuery(
        <OrderTicket
          access={{ allowed: true, reason: null }}
          initialBalances={{
            balances: [{ asset: "NGN", total: "5000.00", available: "4000.00", reserved: "1000.00" }],
            fetchedAt: "2026-11-24T01:00:00.000Z",
            stale: false,
          }}
          balancesError={null}
          initialOrderId={null}
        />,
      ),
    );
    expect(html).toContain("Limit price (NGN per USD)");
    expect(html).toContain("Available to spend: ₦4,000.00.");
    expect(html).toContain("all trade one unified USD balance");
  });
});

describe("WithdrawalOptionsList", () => {
  it("lists only the chains returned, with fees, and says when there are none", () => {
    const html = renderToStaticMarkup(
      <WithdrawalOptionsList
        options={
          {
            assets: [
              {
                asset: "USDT",
                display_name: "Tether USD",
                decimals: 6,
                chains: [
                  { blockchain: "polygon", blockchain_name: "Polygon PoS", contract_address: "0xc2", decimals: 6, fee_amount: "0.50", fee_asset: "USDT" },
                ],
              },
            ],
          } as never
        }
      />,
    );
    expect(html).toContain("Polygon PoS");
    expect(html).toContain("USDT 0.50");
    expect(html).not.toContain("bsc");
    expect(renderToStaticMarkup(<WithdrawalOptionsList options={{ assets: [] }} />)).toContain("No withdrawal rails are enabled");
  });
});
