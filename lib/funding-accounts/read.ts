/**
 * Reads for the funding-account pages and their GET routes, for the signed-in user's organization
 * and environment (never the other environment's data): accounts, their deposits and customers from
 * the local copy; banks (for the forms' look-up) and rates are short-lived cached reads from the
 * provider (reference data and prices, not history).
 */
import "server-only";
import { listFromCopy, objectFromCopy } from "@/lib/ledger/page-read";
import type { CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { Customer, Deposit, FundingAccount } from "@/lib/upstream/schemas/core";
import type { FundingAccountFilters } from "./filters";
import { fundingAccountQuery, PAGE_SIZE } from "./filters";
import {
  customerName,
  type AccountDepositsView,
  type Freshness,
  type CustomerOption,
  type FundingAccountListView,
  type FundingAccountView,
  type RateView,
} from "./views";

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

const customerOption = (c: Customer): CustomerOption => ({
  id: c.id,
  name: customerName(c),
  email: c.email ?? null,
  kycTier: c.kyc_tier == null ? null : String(c.kyc_tier),
});

/**
 * From the local copy, like the accounts (customers are the account's objects too). A look-up
 * beside the page's subject (names, a picker), so it does not hasten the customers' sweep.
 */
export async function readCustomers(user: CurrentUser): Promise<{ customers: CustomerOption[] } & Freshness> {
  const r = await listFromCopy<Customer>(user, "customer", { limit: CUSTOMER_PAGE }, { watch: false });
  const customers = r.rows.map(customerOption);
  customers.sort((a, b) => a.name.localeCompare(b.name));
  return { customers, fetchedAt: r.fetchedAt, stale: false, synced: r.synced };
}

export async function readFundingAccounts(user: CurrentUser, f: FundingAccountFilters): Promise<FundingAccountListView> {
  const [r, customers] = await Promise.all([
    listFromCopy<FundingAccount>(user, "funding_account", { ...fundingAccountQuery(f), page: f.page, limit: PAGE_SIZE }),
    readCustomers(user).catch((err: unknown) => optional(err, "customer names")), // ids still show without names
  ]);
  const names: Record<string, string> = {};
  for (const c of customers?.customers ?? []) names[c.id] = c.name;
  return { ...r, customerNames: names };
}

export async function readFundingAccount(user: CurrentUser, id: string): Promise<FundingAccountView> {
  const r = await objectFromCopy<FundingAccount>(user, "funding_account", id);
  let customer: CustomerOption | null = null;
  if (r.data.customer_id) {
    try {
      customer = customerOption((await objectFromCopy<Customer>(user, "customer", r.data.customer_id)).data);
    } catch (err) {
      customer = optional(err, "the account's customer"); // the account still shows with the customer's id
    }
  }
  return { account: r.data, customer, fetchedAt: r.synced.syncedAt ?? iso(new Date()), stale: false, synced: r.synced };
}

export async function readAccountDeposits(user: CurrentUser, id: string): Promise<AccountDepositsView> {
  const r = await listFromCopy<Deposit>(user, "deposit", { funding_account_id: id, limit: 100 });
  return { rows: r.rows, total: r.total, fetchedAt: r.fetchedAt, stale: false, synced: r.synced };
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
