/**
 * The funding account detail page as the server renders it, per environment and role: the sandbox
 * deposit simulator must not exist in production at all (not merely disabled).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveContext } from "@/components/live/live-provider";
import { SAMPLE_NGN_ACCOUNT } from "@/lib/funding-accounts/samples";
import type { FundingAccountView } from "@/lib/funding-accounts/views";
import type { Environment } from "@/lib/generated/prisma/enums";

const me = vi.hoisted(() => ({
  current: { id: "u1", organizationId: "o1", environment: "sandbox", role: "operator", name: "Op", email: "op@example.com" } as Record<string, string>,
}));

// The page's form comes with its code at the first input in the page; here it renders as the server renders it.
vi.mock("@/app/(dashboard)/funding-accounts/_components/forms-on-input", async () => ({
  SimulateDepositForm: (await import("@/app/(dashboard)/funding-accounts/_components/simulate-deposit-form")).SimulateDepositForm,
}));

vi.mock("next/navigation", () => ({
  useRouter: () => ({ push: () => undefined, refresh: () => undefined, replace: () => undefined }),
  usePathname: () => "/funding-accounts",
  useSearchParams: () => new URLSearchParams(),
  redirect: () => undefined,
  notFound: () => {
    throw new Error("not found");
  },
}));
vi.mock("@/lib/auth/session", () => ({ requirePagePermission: async () => me.current }));
vi.mock("@/lib/webhooks/query", () => ({ getTimeline: async () => [] }));
// The synced note's Refresh action pulls in the whole server side (queue, database); not under test here.
vi.mock("@/lib/ledger/refresh-action", () => ({ refreshSynced: async () => ({ ok: true, data: { asked: true } }) }));

const ID = SAMPLE_NGN_ACCOUNT.id;
const view: FundingAccountView = {
  account: SAMPLE_NGN_ACCOUNT,
  customer: { id: SAMPLE_NGN_ACCOUNT.customer_id, name: "Amaka Obi", email: null, kycTier: "2" },
  fetchedAt: "2026-11-22T05:00:00.000Z",
  stale: false,
} as unknown as FundingAccountView;
const read = vi.hoisted(() => ({ environments: [] as string[] }));
vi.mock("@/lib/funding-accounts/read", () => ({
  readFundingAccount: async (user: { environment: string }) => {
    read.environments.push(user.environment);
    return view;
  },
  readAccountDeposits: async () => ({ rows: [], total: 0, fetchedAt: "2026-11-22T05:00:00.000Z", stale: false }),
}));

async function renderPage(environment: Environment, role: string) {
  me.current = { ...me.current, environment, role };
  const { default: FundingAccountPage } = await import("@/app/(dashboard)/funding-accounts/[id]/page");
  const page = await FundingAccountPage({ params: Promise.resolve({ id: ID }) });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false } } });
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <LiveContext.Provider value={{ mode: "live", fallbackIntervalMs: 10_000 }}>{page}</LiveContext.Provider>
    </QueryClientProvider>,
  );
}

describe("funding account detail page", () => {
  // The page's module graph is large; loading it once here keeps it out of the first test's time.
  beforeAll(async () => {
    await import("@/app/(dashboard)/funding-accounts/[id]/page");
  });
  beforeEach(() => {
    read.environments = [];
  });

  it("offers an operator the deposit simulator in the sandbox", async () => {
    const html = await renderPage("sandbox", "operator");
    expect(html).toContain("7812345678");
    expect(html).toContain("Simulate deposit");
  });

  it.each(["operator", "admin"])("renders no simulator at all for an %s in production, while the account itself shows", async (role) => {
    const html = await renderPage("production", role);
    expect(read.environments).toEqual(["production"]);
    expect(html).toContain("7812345678");
    expect(html).not.toMatch(/[Ss]imulate/);
    expect(html).not.toContain("Scenario");
  });

  it("renders no simulator for a viewer in the sandbox", async () => {
    expect(await renderPage("sandbox", "viewer")).not.toContain("Simulate deposit");
  });
});
