import "server-only";
/**
 * The review queue: every deposit the provider holds in REQUIRES_REVIEW, oldest first, with its
 * funding account, customer, expected amount and the team's current decision. The deposits and
 * their funding accounts and customers are read from the local copy (one the copy has not seen yet
 * is fetched by id once, a few at a time through the budget-aware client).
 */
import Decimal from "decimal.js";
import type { CurrentUser } from "@/lib/auth/session";
import { listFromCopy, objectFromCopy, type SyncedFreshness } from "@/lib/ledger/page-read";
import { upstreamFor, type Upstream } from "@/lib/upstream";
import type { Customer, Deposit, FundingAccount } from "@/lib/upstream/schemas/core";
import { currentDecisions, type DecisionView } from "./decisions";
import { explainFlag } from "./flags";

const MAX_PAGES = 5; // 500 flagged deposits: far beyond a working queue; the count says when more exist
/** Look-ups in flight at once: a long queue does not take the whole minute's budget in a burst. */
const LOOKUP_CONCURRENCY = 4;

/**
 * Reads each distinct id once, a few at a time. A failed read leaves that id out (the row shows a
 * generic label) rather than failing the whole queue.
 */
export async function lookupByIds<T>(ids: Iterable<string>, read: (id: string) => Promise<T>, concurrency = LOOKUP_CONCURRENCY): Promise<Map<string, T>> {
  const queue = [...new Set(ids)];
  const out = new Map<string, T>();
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        out.set(id, await read(id));
      } catch {
        // left out: see above
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return out;
}

export interface QueueItem {
  id: string;
  type: string;
  createdAt: string;
  amount: string;
  currency: string;
  expectedAmount: string | null;
  difference: string | null;
  flagCode: string | null;
  flagMessage: string | null;
  flagExplanation: string;
  fundingAccount: { id: string; type: string | null; rail: string | null; label: string } | null;
  customer: { id: string; name: string } | null;
  decision:
    | (Pick<DecisionView, "id" | "decision" | "status" | "reason" | "createdAt" | "decidedBy"> & { credit: { state: string; stage: string } | null })
    | null;
}

export interface QueueResult {
  items: QueueItem[];
  total: number;
  truncated: boolean;
  fetchedAt: string;
  stale: boolean;
  synced: SyncedFreshness;
}

export async function loadQueue(user: Pick<CurrentUser, "organizationId" | "environment">, upstream: Upstream = upstreamFor(user)): Promise<QueueResult> {
  const first = await listFromCopy<Deposit>(user, "deposit", { status: "REQUIRES_REVIEW", limit: 100, page: 1 });
  const pages = [first];
  const totalPages = Math.min(first.pages, MAX_PAGES);
  for (let p = 2; p <= totalPages; p++) pages.push(await listFromCopy<Deposit>(user, "deposit", { status: "REQUIRES_REVIEW", limit: 100, page: p }));
  const deposits = pages.flatMap((r) => r.rows);
  const total = first.total;

  const present = (v: string | null | undefined): v is string => Boolean(v);
  const [accountById, customerById, decisions] = await Promise.all([
    lookupByIds(
      deposits.map((d) => d.funding_account_id).filter(present),
      async (id) => (await objectFromCopy<FundingAccount>(user, "funding_account", id, upstream)).data,
    ),
    lookupByIds(deposits.map((d) => d.customer_id).filter(present), async (id) => (await objectFromCopy<Customer>(user, "customer", id, upstream)).data),
    currentDecisions(
      user.organizationId,
      user.environment,
      deposits.map((d) => d.id),
    ),
  ]);

  const items = deposits
    .map((d): QueueItem => {
      const account = d.funding_account_id ? accountById.get(d.funding_account_id) : undefined;
      // Only a temporary NGN account was told an amount to expect; other accounts take any amount.
      const expected = account && account.type === "TEMPORARY" && account.amount ? account.amount : null;
      const customer = d.customer_id ? customerById.get(d.customer_id) : undefined;
      const decision = decisions.get(d.id);
      return {
        id: d.id,
        type: String(d.type),
        createdAt: d.created_at,
        amount: d.amount,
        currency: d.currency,
        expectedAmount: expected,
        difference: expected ? new Decimal(d.amount).minus(expected).toFixed(2) : null,
        flagCode: d.flag_code ?? null,
        flagMessage: d.flag_message ?? null,
        flagExplanation: explainFlag(d.flag_code, d.flag_message),
        fundingAccount: d.funding_account_id
          ? {
              id: d.funding_account_id,
              type: account ? String(account.type) : null,
              rail: account ? String(account.rail) : null,
              label: account
                ? `${account.type === "TEMPORARY" ? "Temporary" : "Permanent"} ${account.rail === "CRYPTO_ADDRESS" ? `${account.asset ?? ""} ${account.chain ?? ""} address`.replace(/\s+/g, " ").trim() : "NGN account"}`
                : "Funding account",
            }
          : null,
        customer: d.customer_id
          ? {
              id: d.customer_id,
              name: customer ? [customer.first_name, customer.last_name].filter(Boolean).join(" ") || customer.email || d.customer_id : d.customer_id,
            }
          : null,
        decision: decision
          ? {
              id: decision.id,
              decision: decision.decision,
              status: decision.status,
              reason: decision.reason,
              createdAt: decision.createdAt,
              decidedBy: decision.decidedBy,
              credit: decision.credit ? { state: decision.credit.state, stage: decision.credit.stage } : null,
            }
          : null,
      };
    })
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));

  return {
    items,
    total,
    truncated: total > items.length,
    fetchedAt: first.fetchedAt,
    stale: false,
    synced: first.synced,
  };
}
