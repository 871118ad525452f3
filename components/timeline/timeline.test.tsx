import crypto from "node:crypto";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EventsTable } from "@/app/(dashboard)/events/_components/data-table";
import { RejectionsTable } from "@/app/(dashboard)/events/_components/rejections";
import { Timeline } from "@/components/timeline/timeline";
import { TimelineList } from "@/components/timeline/timeline-list";
import { createTeam, testDb } from "@/test/factories";

describe("TimelineList", () => {
  it("shows the story in order with folded duplicates, older names and status badges", () => {
    const html = renderToStaticMarkup(
      <TimelineList
        items={[
          {
            id: "1",
            name: "deposit.received",
            receivedName: "deposit.received",
            surface: "core",
            status: "RECEIVED",
            occurredAt: "2026-11-01T10:00:00.000Z",
            receivedAt: "2026-11-01T10:00:01.000Z",
            deliveries: 1,
          },
          {
            id: "2",
            name: "deposit.completed",
            receivedName: "deposit.settled",
            surface: "core",
            status: "COMPLETED",
            occurredAt: "2026-11-01T10:00:00.000Z",
            receivedAt: "2026-11-01T10:00:02.000Z",
            deliveries: 2,
          },
        ]}
      />,
    );
    expect(html.indexOf("deposit.received")).toBeLessThan(html.indexOf("deposit.completed"));
    expect(html).toContain("received 2×");
    expect(html).toContain("received as deposit.settled");
    expect(html).toContain(">COMPLETED<");
    expect(html.match(/received \d×/g)).toHaveLength(1);
  });

  it("has an empty state", () => {
    expect(renderToStaticMarkup(<TimelineList items={[]} />)).toContain("No events yet");
  });
});

describe("Timeline (server component)", () => {
  it("reads the resource's events of one organization and environment", async () => {
    const team = await createTeam();
    const id = crypto.randomUUID();
    const base = {
      organizationId: team.org.id,
      surface: "core" as const,
      resourceType: "transfer",
      resourceId: id,
      payload: {},
      headers: {},
      signature: "current",
    };
    await testDb().webhookEvent.createMany({
      data: [
        {
          ...base,
          environment: "sandbox",
          name: "transfer.completed",
          receivedName: "transfer.completed",
          dedupeKey: "a",
          resourceStatus: "COMPLETED",
          occurredAt: new Date("2026-11-01T10:05:00Z"),
        },
        {
          ...base,
          environment: "sandbox",
          name: "transfer.processing",
          receivedName: "transfer.processing",
          dedupeKey: "b",
          resourceStatus: "PROCESSING",
          occurredAt: new Date("2026-11-01T10:00:00Z"),
        },
        {
          ...base,
          environment: "production",
          name: "transfer.failed",
          receivedName: "transfer.failed",
          dedupeKey: "c",
          resourceStatus: "FAILED",
          occurredAt: new Date("2026-11-01T10:01:00Z"),
        },
      ],
    });
    const element = await Timeline({ organizationId: team.org.id, environment: "sandbox", resourceType: "transfer", resourceId: id });
    const html = renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>);
    expect(html).toContain('aria-label="Transfer timeline"');
    expect(html.indexOf("transfer.processing")).toBeLessThan(html.indexOf("transfer.completed"));
    expect(html).not.toContain("transfer.failed");
  });
});

describe("event log tables", () => {
  it("renders rows with a disclosure button per row and paging", () => {
    const html = renderToStaticMarkup(
      <EventsTable
        rows={[
          {
            id: "e1",
            surface: "core",
            name: "deposit.completed",
            receivedName: "deposit.settled",
            resourceLabel: "Deposit",
            resourceId: "d1",
            resourceStatus: "COMPLETED",
            signature: "previous",
            occurredAt: null,
            receivedAt: "2026-11-01T10:00:00.000Z",
            deliveries: 3,
            payload: "{}",
            headers: "{}",
          },
        ]}
        page={1}
        pages={2}
        total={51}
        filters={{ name: "deposit.completed", page: 1 }}
        filtered
      />,
    );
    expect(html).toContain('aria-expanded="false"');
    expect(html).toContain("Show payload of deposit.completed");
    expect(html).toContain("3×");
    expect(html).toContain("previous secret");
    expect(html).toContain("51 events · page 1 of 2");
    expect(html).toMatch(/href="\?name=deposit.completed&amp;page=2"|href="[^"]*page=2[^"]*"/);
    expect(renderToStaticMarkup(<EventsTable rows={[]} page={1} pages={1} total={0} filters={{}} filtered={false} />)).toContain("No events received yet");
  });

  it("lists refused deliveries with their reasons and an empty state", () => {
    const html = renderToStaticMarkup(
      <RejectionsTable
        rows={[
          {
            id: "r1",
            at: new Date("2026-11-01T10:00:00Z"),
            surface: "pro",
            reason: "signature mismatch",
            sourceIp: "198.51.100.7",
            userAgent: "curl/8",
            bodyBytes: 1234,
          },
        ]}
        total={7}
        includeUnattributed
      />,
    );
    expect(html).toContain("Refused deliveries");
    expect(html).toContain("(7)");
    expect(html).toContain("signature mismatch");
    expect(html).toContain("198.51.100.7");
    expect(html).toContain("serves only your organization");
    const scoped = renderToStaticMarkup(<RejectionsTable rows={[]} total={0} includeUnattributed={false} />);
    expect(scoped).toContain("No refused deliveries");
    expect(scoped).toContain("Only requests signed with your organization&#x27;s secret are listed");
  });
});
