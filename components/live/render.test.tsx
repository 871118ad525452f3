import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";

import { LiveIndicator } from "@/components/live/live-indicator";
import { LiveContext, type LiveState } from "@/components/live/live-provider";
import { offerServerAnswer } from "@/components/page/use-server-query";
import { RECENT_EVENTS_KEY, RecentEvents } from "@/app/(dashboard)/_components/recent-events";
import type { RecentEvent } from "@/lib/live/recent-event";

const indicator = (state: LiveState) =>
  renderToStaticMarkup(
    <LiveContext.Provider value={state}>
      <LiveIndicator />
    </LiveContext.Provider>,
  );

describe("LiveIndicator", () => {
  it("is a named status region saying whether the page is live", () => {
    const html = indicator({ mode: "live", fallbackIntervalMs: 10_000 });
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-label="Live updates"');
    expect(html).toContain(">Live</span>");
    expect(html).toContain("bg-success");
  });

  it("says how often the page updates while the stream is down", () => {
    expect(indicator({ mode: "polling", fallbackIntervalMs: 15_000 })).toContain("Reconnecting — updating every 15 s");
    expect(indicator({ mode: "connecting", fallbackIntervalMs: 10_000 })).toContain("Connecting…");
  });
});

function renderRecent(initial: RecentEvent[], setup: (qc: QueryClient) => void = () => undefined): string {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  setup(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LiveContext.Provider value={{ mode: "live", fallbackIntervalMs: 10_000 }}>
        <RecentEvents initial={initial} />
      </LiveContext.Provider>
    </QueryClientProvider>,
  );
}

const event = (over: Partial<RecentEvent> = {}): RecentEvent => ({
  id: "e1",
  name: "deposit.completed",
  resourceType: "deposit",
  resourceId: "dep_123",
  resourceStatus: "COMPLETED",
  occurredAt: null,
  receivedAt: new Date(Date.now() - 120_000).toISOString(),
  ...over,
});

describe("RecentEvents", () => {
  it("shows the empty state", () => {
    expect(renderRecent([])).toContain("No events yet. They appear here the moment the provider sends them.");
  });

  it("lists each event the server rendered with its resource, status and relative time", () => {
    const html = renderRecent([
      event(),
      event({ id: "e2", name: "funding_account.active", resourceType: "funding_account", resourceId: null, resourceStatus: "SOMETHING_NEW" }),
    ]);
    expect(html).not.toContain('aria-busy="true"');
    expect(html.match(/data-testid="recent-event"/g)).toHaveLength(2);
    expect(html).toContain("deposit.completed");
    expect(html).toContain("dep_123");
    expect(html).toContain('data-variant="success"');
    // The exact time on the server; "2 minutes ago" only once the page is live (no hydration mismatch).
    expect(html).toMatch(/<time[^>]*dateTime="[^"]+"[^>]*>\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC<\/time>/);
    expect(html).not.toContain("ago");
    expect(html).toContain("funding account");
    expect(html).toContain("SOMETHING_NEW"); // an unknown status is shown as received
  });

  it("shows what the cache holds when a live change came in after the server's render", () => {
    const html = renderRecent([event()], (qc) => {
      qc.setQueryData(RECENT_EVENTS_KEY, [event({ id: "e9", name: "deposit.failed", resourceId: "dep_999", resourceStatus: "FAILED" }), event()]);
      void qc.invalidateQueries({ queryKey: RECENT_EVENTS_KEY, refetchType: "none" });
    });
    expect(html).toContain("dep_999");
    expect(html.match(/data-testid="recent-event"/g)).toHaveLength(2);
  });

  it("keeps the list and shows the server's sentence with a retry button when a refresh fails", () => {
    const rendered = [event()];
    const html = renderRecent(rendered, (qc) => {
      // The page showed this render, then its refresh failed.
      offerServerAnswer(qc, RECENT_EVENTS_KEY, rendered);
      const query = qc.getQueryCache().build(qc, { queryKey: RECENT_EVENTS_KEY });
      query.setState({
        status: "error",
        data: rendered,
        error: new Error("Your session has ended. Sign in again."),
        fetchStatus: "idle",
        dataUpdatedAt: Date.now(),
      });
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your session has ended. Sign in again.");
    expect(html).toContain("Try again");
    expect(html).toContain("dep_123");
  });
});
