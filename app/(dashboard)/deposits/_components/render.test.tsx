import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { DepositFields, type DepositDetail } from "@/app/(dashboard)/deposits/_components/deposit-fields";
import { afterSecondApproval, ReviewQueue, type QueueView } from "@/app/(dashboard)/deposits/_components/review-queue";
import { DepositsTable } from "@/app/(dashboard)/deposits/_components/data-table";
import { FilterSelect } from "@/components/list/filter-select";
import { StatusBadge } from "@/components/timeline/status-badge";
import { ignoredStatusFilters, loadDepositFilters } from "@/lib/review/deposit-filters";
import { deposits as depositsSchema } from "@/lib/upstream/schemas/core";

vi.mock("next/navigation", () => ({ useRouter: () => ({ push: () => undefined, refresh: () => undefined }), usePathname: () => "/" }));
vi.mock("@/lib/review/record-decision", () => ({ recordReviewDecision: async () => ({ ok: true, data: {} }) }));

const base: DepositDetail = {
  id: "dep-1",
  type: "CRYPTO_DEPOSIT",
  status: "REQUIRES_REVIEW",
  settlement_status: "REQUIRES_REVIEW",
  settlement_mode: "CUSTOMER_NGN_BALANCE",
  amount: "1250.5",
  currency: "USDT",
  settled_amount: "1912345.678",
  settled_currency: "NGN",
  chain: "POLYGON",
  asset: "USDT",
  tx_hash: "0xdeadbeef",
  fees: { deposit_fee: { amount: "6.25", currency: "USDT" }, total_fee_usd: "6.25" },
  developer_fee: { percentage: "1.5", amount: "28685.18", currency: "NGN" },
  customer_amount: { amount: "1883660.50", currency: "NGN" },
  flag_code: "late_deposit",
  flag_message: "Deposit received after expiry",
  offramp_id: "off-9",
  customer_id: "cus-1",
  created_at: "2026-01-02T10:00:00.000Z",
};

describe("DepositFields", () => {
  it("shows every field that applies, amounts per currency, the explorer link, the flag in words and the legacy id", () => {
    const html = renderToStaticMarkup(<DepositFields d={base} environment="production" />);
    expect(html).toContain("USDT 1,250.50");
    expect(html).toContain("₦1,912,345.68");
    expect(html).toContain('href="https://polygonscan.com/tx/0xdeadbeef"');
    expect(html).toContain('rel="noopener noreferrer"');
    // The sandbox moves testnet tokens: its hash is on the test network's explorer.
    expect(renderToStaticMarkup(<DepositFields d={base} environment="sandbox" />)).toContain('href="https://amoy.polygonscan.com/tx/0xdeadbeef"');
    expect(html).toContain("₦28,685.18");
    expect(html).toContain("(1.5 %)");
    expect(html).toContain("₦1,883,660.50");
    expect(html).toContain("Late deposit: the money arrived after the receive instruction had expired.");
    expect(html).toContain("Deposit received after expiry");
    expect(html).toContain("off-9");
    expect(html).toContain("legacy offramp");
    expect(html).toContain("final only when the status is COMPLETED");
  });

  it("leaves out what does not apply and never links an unknown chain", () => {
    const html = renderToStaticMarkup(
      <DepositFields
        environment="production"
        d={{ ...base, chain: "DOGECHAIN", developer_fee: null, customer_amount: null, flag_code: null, flag_message: null, offramp_id: null }}
      />,
    );
    expect(html).toContain("0xdeadbeef");
    expect(html).not.toContain('<a href="https://');
    expect(html).not.toContain("Developer fee");
    expect(html).not.toContain("Amount left for the customer");
    expect(html).not.toContain("legacy");
  });
});

const queue: QueueView = {
  items: [
    {
      id: "dep-old",
      type: "NGN_DEPOSIT",
      createdAt: "2026-01-01T00:00:00.000Z",
      amount: "60000.00",
      currency: "NGN",
      expectedAmount: "50000.00",
      difference: "10000.00",
      flagCode: "temporary_account_reused",
      flagExplanation: "Reused temporary account: a further deposit reached a one-time NGN account that had already been paid.",
      fundingAccount: { id: "fa-1", label: "Temporary NGN account" },
      customer: { id: "cus-1", name: "Ada Obi" },
      decision: null,
    },
    {
      id: "dep-new",
      type: "CRYPTO_DEPOSIT",
      createdAt: "2026-01-02T00:00:00.000Z",
      amount: "100.00",
      currency: "USDC",
      expectedAmount: null,
      difference: null,
      flagCode: "rate_expired",
      flagExplanation: "Expired rate",
      fundingAccount: null,
      customer: null,
      decision: { id: "x", decision: "hold", status: "awaiting_confirmation", decidedBy: { id: "u-bea", name: "Bea" } },
    },
  ],
  total: 2,
  truncated: false,
  fetchedAt: "2026-01-02T00:00:00.000Z",
  stale: false,
};

const renderQueue = (canDecide: boolean, currentUserId = "u-cal") =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ReviewQueue initial={queue} canDecide={canDecide} currentUserId={currentUserId} />
    </QueryClientProvider>,
  );

describe("ReviewQueue", () => {
  it("lists the deposits in the order given with the flag, account, customer, amount versus expected and decision state; the first is selected", () => {
    const html = renderQueue(true);
    expect(html.indexOf("dep-old")).toBeLessThan(html.indexOf("dep-new"));
    expect(html).toMatch(/data-selected="true"[^>]*>.*dep-old/s);
    expect(html).toContain("Reused temporary account");
    expect(html).toContain("Temporary NGN account");
    expect(html).toContain("Ada Obi");
    expect(html).toContain("₦50,000.00</span> expected");
    expect(html).toContain("difference <span");
    expect(html).toContain("Hold · Awaiting a second approver · Bea");
    expect(html).toContain("record a decision");
    expect((html.match(/>Decide</g) ?? []).length).toBe(1); // only the undecided deposit
  });

  it("offers a second approver confirm and reject on the row of a decision awaiting them, and its requester only withdraw", () => {
    const other = renderQueue(true);
    expect((other.match(/data-testid="queue-second-approval"/g) ?? []).length).toBe(1);
    expect(other).toContain('Confirm decision<span class="sr-only"> on deposit dep-new</span>');
    expect(other).toContain('Reject<span class="sr-only"> on deposit dep-new</span>');
    const requester = renderQueue(true, "u-bea");
    expect(requester).not.toContain("Confirm decision");
    expect(requester).toContain('Withdraw<span class="sr-only"> on deposit dep-new</span>');
    expect(requester).toContain("You recorded this decision, so a different approver must confirm it.");
  });

  it("offers no decision to a role that cannot decide", () => {
    const html = renderQueue(false);
    expect(html).not.toContain(">Decide<");
    expect(html).not.toContain("record a decision");
    expect(html).not.toContain("Confirm decision");
    expect(html).not.toContain("queue-second-approval");
  });

  it("updates the row in place from the server's answer: final (a credit held), or freed for a new decision", () => {
    const held = afterSecondApproval(queue, "x", { status: "final", credit: "held" });
    expect(held.items[1]!.decision).toMatchObject({ id: "x", status: "final", credit: { state: "held", stage: "held" } });
    expect(held.items[0]).toBe(queue.items[0]);
    expect(afterSecondApproval(queue, "x", { status: "final", credit: null }).items[1]!.decision).toMatchObject({ status: "final", credit: null });
    expect(afterSecondApproval(queue, "x", { status: "rejected", credit: null }).items[1]!.decision).toBeNull();
    expect(afterSecondApproval(queue, "other", { status: "rejected", credit: null })).toEqual(queue);
  });
});

describe("drift: a status or field the provider added since", () => {
  it("StatusBadge shows an unknown status raw, in the neutral variant; known ones keep their tone", () => {
    for (const status of ["ON_HOLD", "on_hold", "SOMETHING_ELSE"]) {
      const html = renderToStaticMarkup(<StatusBadge status={status} />);
      expect(html).toContain(`>${status}</span>`);
      expect(html).toContain('data-variant="secondary"');
    }
    expect(renderToStaticMarkup(<StatusBadge status="COMPLETED" />)).toContain('data-variant="success"');
    expect(renderToStaticMarkup(<StatusBadge status="FAILED" />)).toContain('data-variant="destructive"');
  });

  it("the deposit detail shows an ON_HOLD deposit raw, with its unknown fields", () => {
    const d = {
      ...base,
      status: "ON_HOLD",
      settlement_status: "WAITING_FOR_BANK",
      hold_reason: "compliance_check",
      hold: { until: "2026-02-01" },
    } as DepositDetail;
    const html = renderToStaticMarkup(<DepositFields d={d} environment="sandbox" />);
    expect(html).toContain(">ON_HOLD</span>");
    expect(html).toContain(">WAITING_FOR_BANK</span>");
    expect(html).toContain('data-testid="deposit-other-fields"');
    expect(html).toContain('hold_reason</span>: <span class="font-mono">compliance_check</span>');
    expect(html).toContain("{&quot;until&quot;:&quot;2026-02-01&quot;}");
    // Known fields never repeat there.
    expect(renderToStaticMarkup(<DepositFields d={base} environment="sandbox" />)).not.toContain("deposit-other-fields");
  });

  it("the deposits list parses and renders a page with an unknown status and field, totals intact", () => {
    const page = depositsSchema.parse({
      data: [
        {
          id: "d-1",
          type: "NGN_DEPOSIT",
          amount: "100.00",
          currency: "NGN",
          status: "ON_HOLD",
          settlement_status: "ON_HOLD",
          created_at: "2026-01-01T00:00:00Z",
          hold_reason: "x",
        },
        { id: "d-2", type: "NGN_DEPOSIT", amount: "200.00", currency: "NGN", status: "COMPLETED", created_at: "2026-01-01T00:00:00Z" },
      ],
      page: 1,
      limit: 25,
      total: 2,
      total_pages: 1,
      next_page_token: "abc",
    });
    const html = renderToStaticMarkup(
      <DepositsTable
        rows={page.data as never}
        page={page.page!}
        pages={page.total_pages!}
        total={page.total!}
        filters={loadDepositFilters({ status: "ON_HOLD" })}
      />,
    );
    expect(html).toContain(">ON_HOLD</span>");
    expect(html).toContain(">COMPLETED</span>");
    expect(html).toContain("₦100.00");
    expect(html).toContain("₦200.00");
  });

  it("an unknown status in the URL filter is ignored, named, and the select says so", () => {
    expect(loadDepositFilters({ status: "ON_HOLD", settlement: "FLAGGED" })).toMatchObject({ status: null, settlement: "REQUIRES_REVIEW" });
    expect(ignoredStatusFilters({ status: "ON_HOLD", settlement: "FLAGGED" })).toEqual([{ param: "status", value: "ON_HOLD" }]);
    expect(ignoredStatusFilters({ status: "COMPLETED" })).toEqual([]);
    const options = [{ value: "COMPLETED", label: "Completed" }];
    const select = (closed: boolean) =>
      renderToStaticMarkup(
        <FilterSelect id="s" label="Status" value="ON_HOLD" all="Any status" options={options} onChange={() => undefined} closed={closed} />,
      );
    // The page lists every status, and the select says "Any status" rather than a blank.
    expect(select(true)).toMatch(/<option [^>]*value="" selected="">Any status<\/option>/);
    expect(select(false)).not.toContain('selected=""');
  });
});
