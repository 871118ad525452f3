import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";

import { LiveIndicator } from "@/components/live/live-indicator";
import { LiveContext, type LiveState } from "@/components/live/live-provider";
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

function renderRecent(setup: (qc: QueryClient) => void): string {
  // retryOnMount off: otherwise a query that failed before mounting shows as loading while it tries again.
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  setup(qc);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LiveContext.Provider value={{ mode: "live", fallbackIntervalMs: 10_000 }}>
        <RecentEvents />
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
  it("shows a loading skeleton before the first answer", () => {
    const html = renderRecent(() => undefined);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Loading recent events");
  });

  it("shows the empty state", () => {
    expect(renderRecent((qc) => qc.setQueryData(RECENT_EVENTS_KEY, []))).toContain("No events yet. They appear here the moment the provider sends them.");
  });

  it("lists each event with its resource, status and relative time", () => {
    const html = renderRecent((qc) =>
      qc.setQueryData(RECENT_EVENTS_KEY, [
        event(),
        event({ id: "e2", name: "funding_account.active", resourceType: "funding_account", resourceId: null, resourceStatus: "SOMETHING_NEW" }),
      ]),
    );
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

  it("shows the server's sentence and a retry button when the first load fails", () => {
    const html = renderRecent((qc) => {
      const query = qc.getQueryCache().build(qc, { queryKey: RECENT_EVENTS_KEY });
      query.setState({ status: "error", error: new Error("Your session has ended. Sign in again."), fetchStatus: "idle" });
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your session has ended. Sign in again.");
    expect(html).toContain("Try again");
  });
});
