/**
 * Reads for the legacy pages (payouts, onramps, offramps), from the local copy of the signed-in
 * user's organization and environment (customer names stay a short-lived cached provider read). Read-only: the app never creates legacy records.
 */
import "server-only";
import { listFromCopy, objectFromCopy, type SyncedFreshness } from "@/lib/ledger/page-read";
import type { CurrentUser } from "@/lib/auth/session";
import { readCustomers } from "@/lib/funding-accounts/read";
import { customerName } from "@/lib/funding-accounts/views";
import { log } from "@/lib/log";
import { upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { Deposit, FundingAccount, Payout } from "@/lib/upstream/schemas/core";
import { upstreamLegacyQuery, type LegacyFilters } from "./filters";
import { REPLACEMENT_RAIL, type LegacyListView, type RampDetailView, type RampOf, type RampKind } from "./views";

const upstreamOf = (user: CurrentUser): Upstream => upstreamFor({ organizationId: user.organizationId, environment: user.environment });

/**
 * A part of the page it can do without: an upstream refusal leaves it out; anything else is a bug
 * and is logged (never silently swallowed).
 */
function optional(err: unknown, what: string): null {
  if (!(err instanceof UpstreamError)) log.error({ err, what }, "legacy views: optional read failed");
  return null;
}

export async function readPayouts(user: CurrentUser, f: LegacyFilters<"payouts">): Promise<LegacyListView<Payout>> {
  const { type, status, page, limit } = upstreamLegacyQuery(f);
  const r = await listFromCopy<Payout>(user, "payout", { type, status, page, limit });
  return { ...r, ignored: f.ignored, customerNames: {} };
}

export async function readPayout(user: CurrentUser, id: string): Promise<{ payout: Payout; fetchedAt: string; stale: boolean; synced: SyncedFreshness }> {
  const r = await objectFromCopy<Payout>(user, "payout", id);
  return { payout: r.data, fetchedAt: r.synced.syncedAt ?? new Date().toISOString(), stale: false, synced: r.synced };
}

export async function readRamps<K extends RampKind>(user: CurrentUser, kind: K, f: LegacyFilters<K>): Promise<LegacyListView<RampOf<K>>> {
  const { status, customer_id, page, limit } = upstreamLegacyQuery(f);
  const q = { status, customer_id, page, limit };
  const [r, customers] = await Promise.all([
    listFromCopy<RampOf<K>>(user, kind === "onramps" ? "onramp" : "offramp", q),
    readCustomers(user).catch((err: unknown) => optional(err, "customer names")),
  ]);
  const customerNames: Record<string, string> = {};
  for (const c of customers?.customers ?? []) customerNames[c.id] = c.name;
  return { ...r, ignored: f.ignored, customerNames };
}

/**
 * One onramp or offramp, with what replaced it: the customer's funding accounts on the same rail,
 * and the deposits that came in through it (the deposit list cannot filter by ramp, so the
 * customer's deposits are read and matched here).
 */
export async function readRamp<K extends RampKind>(user: CurrentUser, kind: K, id: string): Promise<RampDetailView<RampOf<K>>> {
  const up = upstreamOf(user);
  const r = await objectFromCopy<RampOf<K>>(user, kind === "onramps" ? "onramp" : "offramp", id);
  const ramp = r.data;
  const customerId = ramp.customer_id ?? null;
  const idField = kind === "onramps" ? "onramp_id" : "offramp_id";
  const [customer, replacements, deposits] = customerId
    ? await Promise.all([
        up.core.getCustomer(customerId, { cache: { ttlMs: 5 * 60_000 } }).then(
          (c) => ({ id: c.data.id, name: customerName(c.data) }),
          (err: unknown) => optional(err, "the ramp's customer"),
        ),
        listFromCopy<FundingAccount>(user, "funding_account", { customer_id: customerId, rail: REPLACEMENT_RAIL[kind], limit: 100 }).then(
          (a) => a.rows,
          (err: unknown) => optional(err, "the replacing funding accounts"),
        ),
        listFromCopy<Deposit>(user, "deposit", { customer_id: customerId, limit: 100 }).then(
          (d) => d.rows.filter((x) => x[idField] === ramp.id),
          (err: unknown) => optional(err, "the ramp's deposits"),
        ),
      ])
    : [null, [], []];
  return {
    ramp,
    customer,
    replacements,
    deposits,
    fetchedAt: r.synced.syncedAt ?? new Date().toISOString(),
    stale: false,
    synced: r.synced,
  } as RampDetailView<RampOf<K>>;
}

/** A read whose upstream refusal becomes the sentence to show (with a retry) instead of an error page. */
export function orProblem<T>(read: Promise<T>): Promise<T | { problem: string }> {
  return read.catch((err: unknown) => {
    if (err instanceof UpstreamError) return { problem: err.userMessage };
    throw err;
  });
}
