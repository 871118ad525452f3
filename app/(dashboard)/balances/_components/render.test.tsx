import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { BalanceCards, BALANCES_KEY, type FreshBalances } from "@/components/page/balance-cards";
import { BalanceChart } from "@/components/page/balance-chart";
import { LiveContext } from "@/components/live/live-provider";
import { OverviewFigures } from "@/app/(dashboard)/_components/overview-figures";
import type { Overview } from "@/lib/balances/overview";
import type { BalancePoint } from "@/lib/balances/history";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";

function render(node: React.ReactNode, setup: (qc: QueryClient) => void = () => undefined): string {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  setup(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LiveContext.Provider value={{ mode: "live", fallbackIntervalMs: 10_000 }}>{node}</LiveContext.Provider>
    </QueryClientProvider>,
  );
}

const balances = (over: Partial<FreshBalances> = {}): FreshBalances => ({
  data: { collectionUsd: "12500.00", withdrawalUsd: "25000.5", withdrawalNgn: "1500000.00", updatedAt: new Date(Date.now() - 60_000).toISOString() },
  fetchedAt: new Date(Date.now() - 120_000).toISOString(),
  stale: false,
  ...over,
});

describe("formatMoney", () => {
  it("formats decimal strings per currency without float artefacts", () => {
    expect(formatMoney("12500", "USD")).toBe("$12,500.00");
    expect(formatMoney("0.015", "USD")).toBe("$0.02");
    expect(formatMoney("123456789012345678.99", "NGN")).toBe("₦123,456,789,012,345,678.99");
    expect(formatMoney("-5.1", "USD")).toBe("-$5.10");
    expect(formatMoney(null, "USD")).toBe("—");
    expect(formatMoney("abc", "USD")).toBe("USD abc");
  });
});

describe("BalanceCards", () => {
  it("shows the three balances formatted per currency with their last-updated time", () => {
    const initial = balances();
    const html = render(<BalanceCards initial={initial} />);
    expect(html).toContain("$12,500.00");
    expect(html).toContain("$25,000.50");
    expect(html).toContain("₦1,500,000.00");
    // The server's render shows the exact time: "1 minute ago" appears only in the live page, so the
    // text can never differ between the server's render and hydration.
    expect(html).toContain(
      `Updated <time dateTime="${initial.data!.updatedAt}" title="${formatDateTime(initial.data!.updatedAt, "UTC")}">${formatDateTime(initial.data!.updatedAt, "UTC")}</time>`,
    );
    expect(html).not.toContain("ago");
    expect(html).not.toContain("balances-stale");
  });

  it("says how old the figures are when the provider could not be reached", () => {
    const initial = balances({ stale: true });
    const html = render(<BalanceCards initial={initial} />);
    expect(html).toContain('data-testid="balances-stale"');
    expect(html).toContain(`As of <time dateTime="${initial.fetchedAt}"`);
    expect(html).toContain(formatDateTime(initial.fetchedAt, "UTC"));
    expect(html).toContain("The provider could not be reached; this is the last figure we have.");
  });

  it("links each figure when given a page to open", () => {
    const html = render(<BalanceCards initial={balances()} href="/balances" headingLevel={3} />);
    expect(html.match(/href="\/balances"/g)).toHaveLength(3);
    expect(html).toContain("<h3");
  });

  it("shows a skeleton while loading and a sentence with a retry when nothing could be read", () => {
    expect(render(<BalanceCards initial={null} />)).toContain('aria-busy="true"');
    const html = render(<BalanceCards initial={null} />, (qc) => {
      qc.getQueryCache()
        .build(qc, { queryKey: BALANCES_KEY })
        .setState({ status: "error", error: new Error("The provider is not answering. Try again in a minute."), fetchStatus: "idle" });
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain("The provider is not answering. Try again in a minute.");
    expect(html).toContain("Retry");
  });
});

describe("BalanceChart", () => {
  const points: BalancePoint[] = [
    { at: "2026-11-15T00:00:00.000Z", collectionUsd: "12400.00", withdrawalUsd: "25000.00", withdrawalNgn: null },
    { at: "2026-11-20T10:00:00.000Z", collectionUsd: "12500.00", withdrawalUsd: "25000.00", withdrawalNgn: null },
    { at: "2026-11-22T00:00:00.000Z", collectionUsd: "10000.00", withdrawalUsd: "27500.00", withdrawalNgn: null },
  ];
  const series = [
    { key: "collectionUsd" as const, label: "Collection", currency: "USD", color: "var(--chart-3)" },
    { key: "withdrawalUsd" as const, label: "Withdrawal (USD)", currency: "USD", color: "var(--chart-1)", dash: "6 3" },
  ];

  it("is a named image with a text summary and a table of every point", () => {
    const html = render(<BalanceChart id="c" title="USD balances" points={points} series={series} zone="UTC" />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="c-title c-desc"');
    expect(html).toContain('<title id="c-title">USD balances</title>');
    expect(html).toContain("Collection from $12,400.00 on 15 Nov 2026, 00:00 UTC to $10,000.00 now");
    expect(html.match(/<tr class="border-t">/g)).toHaveLength(3);
    expect(html).toContain("$27,500.00");
    // Two step lines: only horizontal and vertical segments.
    const paths = [...html.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]!);
    expect(paths).toHaveLength(2);
    for (const d of paths) expect(d).toMatch(/^M[\d.]+,[\d.]+(H[\d.]+V[\d.]+)+$/);
  });

  it("puts the axis, the summary and the table in the viewer's zone, and names it", () => {
    const html = render(<BalanceChart id="c" title="USD balances" points={points} series={series} zone="Pacific/Auckland" />);
    expect(html).toContain("Collection from $12,400.00 on 15 Nov 2026, 13:00 GMT+13 to $10,000.00 now");
    expect(html).toContain("Times in Pacific/Auckland (GMT+13)");
    expect(html).toContain(">15 Nov</text>");
    expect(html).toContain(">22 Nov</text>");
    expect(html).toContain("20 Nov 2026, 23:00 GMT+13</td>");
  });

  it("draws nothing for fewer than two points", () => {
    expect(render(<BalanceChart id="c" title="t" points={points.slice(0, 1)} series={series} zone="UTC" />)).toBe("");
  });
});

describe("OverviewFigures", () => {
  const overview = (over: Partial<Overview> = {}): Overview => ({
    balances: { ok: true, ...balances() },
    depositsToday: {
      ok: true,
      data: {
        date: "2026-11-22",
        counts: [
          { status: "RECEIVED", count: 1 },
          { status: "COMPLETED", count: 3 },
        ],
        total: 4,
      },
      fetchedAt: new Date().toISOString(),
      stale: false,
    },
    inReview: { ok: true, data: { count: 2 }, fetchedAt: new Date().toISOString(), stale: false },
    pendingApprovals: { ok: true, data: { count: 1, scope: "for_you" }, fetchedAt: new Date().toISOString(), stale: false },
    ...over,
  });

  it("links each figure to its page, deposits filtered by status and today's date", () => {
    const html = render(<OverviewFigures initial={overview()} showApprovals />);
    expect(html).toContain('href="/deposits?status=COMPLETED&amp;from=2026-11-22"');
    expect(html).toContain('href="/deposits?status=RECEIVED&amp;from=2026-11-22"');
    expect(html).toMatch(/href="\/deposits\/review"[^>]*>.*2<\/span> <span class="text-sm">deposits in the review queue/);
    expect(html).toMatch(/href="\/approvals"[^>]*>.*1<\/span> <span class="text-sm">request waiting for you/);
  });

  it("shows a deposit status the provider added since raw, linking to the day's whole list", () => {
    const html = render(
      <OverviewFigures
        initial={overview({
          depositsToday: {
            ok: true,
            data: {
              date: "2026-11-22",
              counts: [
                { status: "COMPLETED", count: 3 },
                { status: "ON_HOLD", count: 2 },
              ],
              total: 5,
            },
            fetchedAt: new Date().toISOString(),
            stale: false,
          },
        })}
        showApprovals
      />,
    );
    expect(html).toMatch(/data-testid="deposits-today-ON_HOLD"[^>]*>|href="\/deposits\?from=2026-11-22"[^>]*data-testid="deposits-today-ON_HOLD"/);
    expect(html).toContain('href="/deposits?from=2026-11-22"');
    expect(html).toContain('href="/deposits?status=COMPLETED&amp;from=2026-11-22"');
    expect(html).toContain(">ON_HOLD</span>");
  });

  it("keeps the other figures when one failed, with its sentence, and marks stale ones with their age", () => {
    const fiveMinutesAgo = new Date(Date.now() - 300_000).toISOString();
    const html = render(
      <OverviewFigures
        initial={overview({
          depositsToday: { ok: false, error: "The provider is not answering. Try again in a minute." },
          inReview: { ok: true, data: { count: 5 }, fetchedAt: fiveMinutesAgo, stale: true },
        })}
        showApprovals
      />,
    );
    expect(html).toContain('data-testid="deposits-today-error"');
    expect(html).toContain("The provider is not answering. Try again in a minute.");
    expect(html).toContain('data-testid="in-review-stale"');
    expect(html).toContain(`As of <time dateTime="${fiveMinutesAgo}"`);
    expect(html).toContain('href="/approvals"');
  });
});
