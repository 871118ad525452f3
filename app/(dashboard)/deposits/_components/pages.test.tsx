/**
 * The deposit pages rendered on the server as each role, against a real database and emulator:
 * the list with its filters, the detail with its fields and decision panel, the queue, the
 * outbound-webhook settings (never the secret), and the provider's refusal shown as a sentence.
 */
import { NuqsTestingAdapter } from "nuqs/adapters/testing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import DepositPage from "@/app/(dashboard)/deposits/[id]/page";
import DepositsPage from "@/app/(dashboard)/deposits/page";
import ReviewQueuePage from "@/app/(dashboard)/deposits/review/page";
import OutboundWebhookPage from "@/app/(dashboard)/settings/outbound-webhook/page";
import { confirmReviewDecision } from "@/lib/review/confirm-decision";
import { recordReviewDecision } from "@/lib/review/record-decision";
import { onDepositEnded } from "@/lib/review/credit";
import { setOutboundWebhook } from "@/lib/review/set-outbound-webhook";
import { approvedBy } from "@/test/controls";
import { normalizeEvent } from "@/lib/webhooks/normalize";
import { storeEvent } from "@/lib/webhooks/store";
import { testDb } from "@/test/factories";
import { sandboxAndTeamPerTest, signInAsMember } from "@/test/fixtures";
import { fillCopy } from "@/test/ledger";

process.env.OUTBOUND_WORKER = "off";

// The webhook page's form comes with its code at the first input in the page; here it renders as the server renders it.
vi.mock("@/app/(dashboard)/settings/outbound-webhook/_components/forms-on-input", async () => ({
  OutboundWebhookForm: (await import("@/app/(dashboard)/settings/outbound-webhook/_components/outbound-webhook-form")).OutboundWebhookForm,
}));

vi.mock("next/navigation", () => ({
  redirect: (to: string) => {
    throw Object.assign(new Error(`NEXT_REDIRECT ${to}`), { digest: `NEXT_REDIRECT;${to}` });
  },
  notFound: () => {
    throw new Error("NEXT_NOT_FOUND");
  },
  usePathname: () => "/deposits",
  useRouter: () => ({ push: () => undefined, replace: () => undefined, refresh: () => undefined }),
  useSearchParams: () => new URLSearchParams(),
}));
// The timeline is an async server component with its own tests; here a marker is enough.
vi.mock("@/components/timeline/timeline", () => ({
  Timeline: ({ resourceId }: { resourceId: string }) => <section data-testid="timeline">{resourceId}</section>,
}));

const suite = sandboxAndTeamPerTest();
const as = (who: "viewer" | "operator" | "approver" | "admin") => signInAsMember(suite.team, who);
/** Pages read the local copy: fill it from the emulator the way the sync does. */
const syncDeposits = () => fillCopy({ organizationId: suite.team.org.id, environment: "sandbox" }, ["deposit"]);

function html(element: React.ReactNode, search = ""): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <NuqsTestingAdapter searchParams={search}>{element}</NuqsTestingAdapter>
    </QueryClientProvider>,
  );
}

async function firstDeposit(query: string): Promise<Record<string, unknown> & { id: string }> {
  const body = (await (await suite.emu.request(`/v1/deposits?${query}&limit=1`)).json()) as { data: (Record<string, unknown> & { id: string })[] };
  return body.data[0]!;
}

describe("deposits list", () => {
  it("shows the copy's page for the URL's filters, with amounts per currency, paging and the copy's age", async () => {
    await syncDeposits();
    await as("viewer");
    const out = html(await DepositsPage({ searchParams: Promise.resolve({ status: "FLAGGED", type: "NGN_DEPOSIT" }) }), "?status=FLAGGED&type=NGN_DEPOSIT");
    const rows = out.match(/data-testid="deposit-row"/g) ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(out).not.toContain(">COMPLETED<");
    expect(out).toMatch(/₦[\d,]+\.\d{2}/);
    expect(out).toMatch(/page 1 of \d+/);
    expect(out).toContain('data-testid="synced-note"');
    expect(out).toMatch(/Synced <time dateTime="[^"]+"/);
  });

  it("shows the empty state for a range with no deposits", async () => {
    await as("viewer");
    const out = html(await DepositsPage({ searchParams: Promise.resolve({ from: "2001-01-01", to: "2001-01-02" }) }));
    expect(out).toContain("No deposits match these filters");
  });

  it("still shows the copy, with its age and why it stopped, once the API key is gone: a page view never asks the provider", async () => {
    await syncDeposits();
    await testDb().vaultSecret.updateMany({ where: { organizationId: suite.team.org.id }, data: { status: "revoked" } });
    await as("viewer");
    const out = html(await DepositsPage({ searchParams: Promise.resolve({}) }));
    expect(out).not.toContain("The deposits could not load");
    expect((out.match(/data-testid="deposit-row"/g) ?? []).length).toBeGreaterThan(0);
    expect(out).toMatch(/Synced <time dateTime="[^"]+"/);
    expect(out).toContain("No API key reads this list now, so it is not being refreshed.");
  });
});

describe("deposit detail", () => {
  it("shows every field that applies, the explorer link and the timeline; an approver may record a decision, a viewer not", async () => {
    const crypto = await firstDeposit("type=CRYPTO_DEPOSIT");
    await as("viewer");
    let out = html(await DepositPage({ params: Promise.resolve({ id: crypto.id }) }));
    expect(out).toContain(crypto.id);
    expect(out).toContain('data-testid="deposit-tx-hash"');
    expect(out).toMatch(/href="https:\/\/[a-z.]+\/(#\/)?(tx|transaction)\//);
    expect(out).toContain('data-testid="timeline"');
    expect(out).not.toContain("Record a decision</button>");

    const flagged = await firstDeposit("status=REQUIRES_REVIEW");
    await as("approver");
    out = html(await DepositPage({ params: Promise.resolve({ id: flagged.id }) }));
    expect(out).toContain('data-testid="deposit-flag"');
    expect(out).toContain("Record a decision</button>");
  });

  it("shows a recorded decision next to the provider's status, and a missing deposit is not found", async () => {
    const flagged = await firstDeposit("status=REQUIRES_REVIEW");
    await as("approver");
    const r = await recordReviewDecision({ depositId: flagged.id, decision: "ask_provider_to_reverse", reason: "The sender is not one of our customers." });
    if (!r.ok) throw new Error(r.error);
    const out = html(await DepositPage({ params: Promise.resolve({ id: flagged.id }) }));
    expect(out).toContain("Ask the provider to reverse");
    expect(out).toContain("Awaiting a second approver");
    expect(out).toContain("The sender is not one of our customers.");
    expect(out).toContain("Provider status now");
    expect(out).not.toContain("Record a decision</button>"); // one open decision at a time
    await expect(DepositPage({ params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }) })).rejects.toThrow("NEXT_NOT_FOUND");
  });
});

describe("credit only on completion", () => {
  it("shows a credit decision held in the queue and on the deposit, then released once the provider's deposit.completed is stored", async () => {
    const flagged = await firstDeposit("status=REQUIRES_REVIEW");
    await as("approver");
    const r = await recordReviewDecision({
      depositId: flagged.id,
      decision: "credit_customer",
      reason: "Customer sent the bank receipt; late by two minutes.",
    });
    if (!r.ok) throw new Error(r.error);
    await as("admin");
    expect(await confirmReviewDecision({ decisionId: r.data.id })).toMatchObject({ ok: true, data: { credit: "held" } });

    let detail = html(await DepositPage({ params: Promise.resolve({ id: flagged.id }) }));
    expect(detail).toContain('data-credit-stage="held"');
    expect(detail).toContain("Credit held until the provider completes the deposit");
    const queue = html(await ReviewQueuePage());
    expect(queue).toMatch(new RegExp(`data-testid="queue-item"[^]*?${flagged.id}[^]*?data-testid="queue-credit"[^>]*data-credit-stage="held"`));

    const body = {
      event: "deposit.completed",
      timestamp: "2026-11-20T10:05:00.000Z",
      data: { ...flagged, status: "COMPLETED", updated_at: "2026-11-20T10:05:00.000Z" },
    };
    await storeEvent({
      ...normalizeEvent("core", body, new Headers()),
      organizationId: suite.team.org.id,
      environment: "sandbox",
      surface: "core",
      payload: body,
      headers: {},
      signature: "current",
    });
    await onDepositEnded(suite.team.org.id, "sandbox", flagged.id);
    detail = html(await DepositPage({ params: Promise.resolve({ id: flagged.id }) }));
    // No outbound webhook is set in this test: the credit is released, and the CSV carries it.
    expect(detail).toContain('data-credit-stage="credit_released"');
    expect(detail).toContain("Released by the provider&#x27;s deposit.completed event");
  });
});

describe("review queue page", () => {
  it("lists every flagged deposit oldest first with the keyboard help", async () => {
    await syncDeposits();
    await as("approver");
    const out = html(await ReviewQueuePage());
    const list = (await (await suite.emu.request("/v1/deposits?status=REQUIRES_REVIEW&limit=100")).json()) as { data: { id: string; created_at: string }[] };
    const expected = [...list.data].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at)).map((d) => d.id);
    const shown = [...out.matchAll(/data-testid="queue-item"[\s\S]*?href="\/deposits\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(shown).toEqual(expected);
    expect(out).toContain("record a decision");
    expect(out).toContain("Export decisions (CSV)");
  });
});

describe("outbound webhook page", () => {
  it("is for admins only, and shows the mask of the secret, never the secret", async () => {
    for (const role of ["viewer", "operator", "approver"] as const) {
      await as(role);
      await expect(OutboundWebhookPage()).rejects.toThrow("NEXT_REDIRECT /forbidden");
    }
    await as("admin");
    expect(html(await OutboundWebhookPage())).toContain("No deliveries yet");
    const r = await approvedBy(suite.team.approver, () => setOutboundWebhook({ url: "https://erp.example.test/hooks" }));
    if (!r.ok || !r.data.secret) throw new Error("set failed");
    const out = html(await OutboundWebhookPage());
    expect(out).toContain("https://erp.example.test/hooks");
    expect(out).toContain(`${r.data.secret.slice(-4)}`);
    expect(out).not.toContain(r.data.secret);
  });
});
