/**
 * The approvals inbox and the approval limits page rendered on the server as each role, against a
 * real database: who sees which buttons, amounts per currency, empty states, and role gates.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { randomUUID } from "node:crypto";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ApprovalsPage from "@/app/(dashboard)/approvals/page";
import ApprovalLimitsPage from "@/app/(dashboard)/settings/approvals/page";
import { createTeam, testDb } from "@/test/factories";
import { signInAs, signOutTest } from "@/test/session";

// The limits page's forms come with their code at the first input in the page; here they render as the server renders them.
vi.mock("@/app/(dashboard)/settings/approvals/_components/forms-on-input", async () => ({
  ThresholdForm: (await import("@/app/(dashboard)/settings/approvals/_components/threshold-form")).ThresholdForm,
  VelocityLimitForm: (await import("@/app/(dashboard)/settings/approvals/_components/velocity-limit-form")).VelocityLimitForm,
}));

vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${to}`), { digest: `NEXT_REDIRECT;${to}` });
  },
  usePathname: () => "/approvals",
  useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }),
  useSearchParams: () => new URLSearchParams(),
}));

type Who = "viewer" | "operator" | "approver" | "admin";
let team: Awaited<ReturnType<typeof createTeam>>;
const as = async (who: Who) => signInAs(await testDb().user.findUniqueOrThrow({ where: { id: team[who].id } }));

function wrap(element: React.ReactNode, search = ""): string {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <NuqsTestingAdapter searchParams={search}>{element}</NuqsTestingAdapter>
    </QueryClientProvider>,
  );
}

async function inbox(search = ""): Promise<string> {
  const params = Object.fromEntries(new URLSearchParams(search));
  return wrap(await ApprovalsPage({ searchParams: Promise.resolve(params) }), search);
}

async function request(by: Who, over: { amount?: string; currency?: string; status?: string; summary?: string; result?: object } = {}) {
  return testDb().approvalRequest.create({
    data: {
      organizationId: team.org.id,
      environment: "sandbox",
      kind: "balance_move",
      payload: { amount_usd: over.amount ?? "2500.50" },
      summary: over.summary ?? `Move ${over.amount ?? "2500.50"} by ${by}`,
      amount: over.amount ?? "2500.50",
      currency: over.currency ?? "USD",
      status: over.status ?? "pending",
      attemptKey: randomUUID(),
      requestedById: team[by].id,
      expiresAt: new Date(Date.now() + 3 * 3_600_000),
      result: over.result,
    },
  });
}

const count = (html: string, needle: string) => html.split(needle).length - 1;

beforeEach(async () => {
  team = await createTeam();
  signOutTest();
});

describe("approvals inbox", () => {
  it("shows an approver what waits for them with Approve and Reject, and their own request with Cancel only", async () => {
    await request("operator", { amount: "2500.50", summary: "Move from operator" });
    await request("approver", { amount: "1500000", currency: "NGN", summary: "Move from approver" });
    await as("approver");
    const html = await inbox();
    expect(html).toContain("Waiting for you");
    expect(html).toContain("$2,500.50");
    expect(html).toContain("₦1,500,000.00");
    // The server's render names the expiry time; the countdown starts once the page is live.
    expect(html).toMatch(/Expires \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC/);
    // Approve appears on the operator's row in "waiting" and in history, never on the approver's own.
    expect(count(html, 'data-testid="approve-open"')).toBe(2);
    expect(count(html, 'data-testid="reject-open"')).toBe(2);
    expect(count(html, 'data-testid="cancel-open"')).toBe(2);
    const own = html.slice(html.indexOf('data-testid="approvals-mine"'), html.indexOf('id="approvals-history"'));
    expect(own).toContain("Move from approver");
    expect(own).not.toContain('data-testid="approve-open"');
  });

  it.each(["viewer", "operator"] as const)("shows a %s what waits without any way to decide", async (who) => {
    await request("admin", { summary: "Move from admin" });
    await as(who);
    const html = await inbox();
    expect(html).toContain("Only approvers and admins decide on requests.");
    const waiting = html.slice(html.indexOf('data-testid="approvals-waiting"'), html.indexOf('id="approvals-mine"'));
    expect(waiting).toContain("Move from admin");
    expect(html).not.toContain('data-testid="approve-open"');
    expect(html).not.toContain('data-testid="reject-open"');
  });

  it("shows empty states when nothing waits", async () => {
    await as("approver");
    const html = await inbox();
    expect(html).toContain('data-testid="approvals-waiting-empty"');
    expect(html).toContain('data-testid="approvals-mine-empty"');
    expect(html).toContain("No requests yet");
  });

  it("filters history by the status in the URL and shows a failed send's sentence with Send again", async () => {
    await request("operator", {
      status: "failed",
      summary: "Failed move",
      result: { ok: false, outcome: "unknown", error: "The provider did not answer in time.", retryable: true },
    });
    await request("operator", { status: "rejected", summary: "Rejected move" });
    await as("admin");
    const html = await inbox("status=failed");
    const history = html.slice(html.indexOf('id="approvals-history"'));
    expect(history).toContain("Failed move");
    expect(history).not.toContain("Rejected move");
    expect(history).toContain("The provider did not answer in time.");
    expect(history).toContain('data-testid="retry-open"');
    expect(wrap(await ApprovalsPage({ searchParams: Promise.resolve({ status: "expired" }) }), "status=expired")).toContain("No requests are expired");
  });

  it("shows only the current environment's requests", async () => {
    await request("operator", { summary: "Sandbox move" });
    await testDb().user.update({ where: { id: team.approver.id }, data: { environment: "production" } });
    await as("approver");
    expect(await inbox()).not.toContain("Sandbox move");
  });
});

describe("approval limits page", () => {
  it.each(["viewer", "operator", "approver"] as const)("sends a %s to the forbidden page", async (who) => {
    await as(who);
    await expect(ApprovalLimitsPage()).rejects.toThrow("NEXT_REDIRECT /forbidden");
  });

  it("lists limits per currency and kind for an admin and says what happens to other currencies", async () => {
    await testDb().approvalThreshold.createMany({
      data: [
        { organizationId: team.org.id, kind: "*", currency: "USD", amount: "1000" },
        { organizationId: team.org.id, kind: "balance_move", currency: "USD", amount: "250.5" },
      ],
    });
    await as("admin");
    const html = wrap(await ApprovalLimitsPage());
    expect(html).toContain("$1,000.00");
    expect(html).toContain("$250.50");
    expect(html).toContain("Balance move");
    expect(html).toContain("Any currency other than USD has no limit, so every amount in it needs approval.");
    expect(html).toContain('data-testid="threshold-form"');
  });

  it("says that everything needs approval when no limit is set", async () => {
    await as("admin");
    expect(wrap(await ApprovalLimitsPage())).toContain('data-testid="thresholds-empty"');
  });
});
