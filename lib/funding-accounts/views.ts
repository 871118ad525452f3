/**
 * What the funding-account pages show, as plain JSON the server hands to client components and the
 * GET routes answer with. Client-safe types only.
 */
import type { SyncedFreshness } from "@/lib/ledger/page-read";
import type { Deposit, FundingAccount } from "@/lib/upstream/schemas/core";

export interface CustomerOption {
  id: string;
  name: string;
  email: string | null;
  kycTier: string | null;
}

export interface Freshness {
  fetchedAt: string;
  stale: boolean;
  /** How fresh the local copy this was read from is (absent for reads that still ask the provider). */
  synced?: SyncedFreshness;
}

export interface FundingAccountListView extends Freshness {
  rows: FundingAccount[];
  page: number;
  pages: number;
  total: number;
  /** Customer id -> display name, for the rows on this page. */
  customerNames: Record<string, string>;
}

export interface FundingAccountView extends Freshness {
  account: FundingAccount;
  customer: CustomerOption | null;
}

export interface AccountDepositsView extends Freshness {
  rows: Deposit[];
  total: number;
}

export interface RateView extends Freshness {
  rateId: string;
  from: string;
  to: string;
  side: string;
  rate: string;
  inverseRate: string | null;
  feeBps: number | null;
  minDepositNgn: string | null;
  expiresAt: string | null;
}

export function customerName(c: { first_name?: string | null; last_name?: string | null; email?: string | null; id: string }): string {
  const name = [c.first_name, c.last_name].filter(Boolean).join(" ").trim();
  return name || c.email || c.id;
}
