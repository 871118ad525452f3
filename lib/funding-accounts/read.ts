/**
 * Reads for the funding-account pages and their GET routes, through the upstream client bound to
 * the signed-in user's organization and environment (never the other environment's data).
 */
import "server-only";
import { listPageOf } from "@/lib/upstream/list-page";
import type { CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { ALWAYS_ASK, upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { FundingAccountFilters } from "./filters";
import { PAGE_SIZE } from "./filters";
import { customerName, type AccountDepositsView, type CustomerOption, type FundingAccountListView, type FundingAccountView, type RateView } from "./views";

const upstreamOf = (user: CurrentUser): Upstream => upstreamFor({ organizationId: user.organizationId, environment: user.environment });
const iso = (d: Date) => d.toISOString();

/**
 * A figure the page can do without: an upstream refusal leaves it out; anything else is a bug and
 * is logged (never silently swallowed).
 */
function optional(err: unknown, what: string): null {
  if (!(err instanceof UpstreamError)) log.error({ err, what }, "funding accounts: optional read failed");
  return null;
}

/** The customers a form or filter can pick from: the first 100, which is every customer a sandbox has. */
const CUSTOMER_PAGE = 100;

export async function readCustomers(user: CurrentUser): Promise<{ customers: CustomerOption[] } & { fetchedAt: string; stale: boolean }> {
  const r = await upstreamOf(user).core.listCustomers({ limit: CUSTOMER_PAGE }, { cache: { ttlMs: 5 * 60_000 } });
  const customers = r.data.data.map((c) => ({
    id: c.id,
    name: customerName(c),
    email: c.email ?? null,
    kycTier: c.kyc_tier == null ? null : String(c.kyc_tier),
  }));
  customers.sort((a, b) => a.name.localeCompare(b.name));
  return { customers, fetchedAt: iso(r.fetchedAt), stale: r.stale };
}

export async function readFundingAccounts(user: CurrentUser, f: FundingAccountFilters): Promise<FundingAccountListView> {
  const up = upstreamOf(user);
  const [r, customers] = await Promise.all([
    // Always asked (ALWAYS_ASK): the list is refetched when a funding-account webhook arrives, and must show that change.
    up.core.listFundingAccounts(
      {
        rail: f.rail ?? undefined,
        type: f.type ?? undefined,
        status: f.status ?? undefined,
        customer_id: f.customer ?? undefined,
        page: f.page,
        limit: PAGE_SIZE,
      },
      { cache: ALWAYS_ASK },
    ),
    readCustomers(user).catch((err: unknown) => optional(err, "customer names")), // ids still show without names
  ]);
  const names: Record<string, string> = {};
  for (const c of customers?.customers ?? []) names[c.id] = c.name;
  return { rows: r.data.data, ...listPageOf(r, f.page, PAGE_SIZE), customerNames: names };
}

export async function readFundingAccount(user: CurrentUser, id: string): Promise<FundingAccountView> {
  const up = upstreamOf(user);
  // Refetched when a webhook says the account changed: a cached answer could be the state from
  // just before that change, so the provider is always asked (identical reads are still coalesced).
  const r = await up.core.getFundingAccount(id, { cache: ALWAYS_ASK });
  let customer: CustomerOption | null = null;
  if (r.data.customer_id) {
    try {
      const c = await up.core.getCustomer(r.data.customer_id, { cache: { ttlMs: 5 * 60_000 } });
      customer = { id: c.data.id, name: customerName(c.data), email: c.data.email ?? null, kycTier: c.data.kyc_tier == null ? null : String(c.data.kyc_tier) };
    } catch (err) {
      customer = optional(err, "the account's customer"); // the account still shows with the customer's id
    }
  }
  return { account: r.data, customer, fetchedAt: iso(r.fetchedAt), stale: r.stale };
}

export async function readAccountDeposits(user: CurrentUser, id: string): Promise<AccountDepositsView> {
  // Always asked for the same reason as the account: it is refetched because a deposit just changed.
  const r = await upstreamOf(user).core.listDeposits({ funding_account_id: id, limit: 100 }, { cache: ALWAYS_ASK });
  const rows = [...r.data.data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { rows, total: r.data.total ?? rows.length, fetchedAt: iso(r.fetchedAt), stale: r.stale };
}

export async function readBanks(user: CurrentUser): Promise<{ banks: { code: string; name: string }[] }> {
  const r = await upstreamOf(user).core.listBanks();
  return { banks: [...r.data.data].sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function readRate(user: CurrentUser, q: { to: string; side: "BUY" | "SELL" }): Promise<RateView> {
  // Never cached: the rate id must be the provider's current one, and expiry is what the user sees.
  const r = await upstreamOf(user).core.getRate({ from: "NGN", to: q.to, side: q.side }, { cache: false });
  return {
    rateId: r.data.rate_id,
    from: r.data.from,
    to: r.data.to,
    side: r.data.side,
    rate: r.data.rate,
    inverseRate: r.data.inverse_rate ?? null,
    feeBps: r.data.fee_bps ?? null,
    minDepositNgn: r.data.min_deposit_ngn ?? null,
    expiresAt: r.data.expires_at ?? null,
    fetchedAt: iso(r.fetchedAt),
    stale: r.stale,
  };
}
