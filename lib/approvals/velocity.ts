/**
 * Rolling 24-hour limits per currency, for the organization and for each requester: a limit per
 * payment is defeated by splitting, so a payment whose running total (this currency's payments
 * sent or waiting for approval in the last 24 hours, in this environment, including this one)
 * passes a limit waits for a second approver even when it is small.
 *
 * `VELOCITY_KINDS` is the one place that says which request kinds count and what each adds to
 * the total. The check and the record of the payment happen in one transaction holding a
 * PostgreSQL advisory lock per organization, environment and currency, so two app instances
 * submitting at once are counted one after the other: both cannot pass just under the limit.
 */
import "server-only";
import Decimal from "decimal.js";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment, MovementDescription } from "./executor-registry";
import type { VelocityUsage } from "./schemas";

export type { VelocityUsage };

export const VELOCITY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const VELOCITY_SCOPES = ["organization", "requester"] as const;
export type VelocityScope = (typeof VELOCITY_SCOPES)[number];

/**
 * The kinds that move money and what each counts as: the amount and currency the approver sees.
 * A Pro order (and its replace, judged on the new total size) counts its quantity in USD; a Coins
 * order counts what it spends or sells, in that asset. Kinds not listed (a settlement destination
 * change: no amount) never count.
 */
export const VELOCITY_KINDS: Record<string, (d: MovementDescription) => { amount: string; currency: string }> = {
  transfer: (d) => d,
  merchant_withdrawal: (d) => d,
  balance_move: (d) => d,
  withdraw_from_balance: (d) => d,
  pro_order: (d) => d,
  pro_order_replace: (d) => d,
  coins_order: (d) => d,
  coins_crypto_withdrawal: (d) => d,
  coins_fiat_withdrawal: (d) => d,
};

/** What a request of this kind adds to its currency's running total, or null when it does not count. */
export function velocityAmount(kind: string, d: MovementDescription): { amount: string; currency: string } | null {
  const f = VELOCITY_KINDS[kind];
  if (!f) return null;
  const v = f(d);
  return { amount: new Decimal(v.amount).toFixed(), currency: v.currency.toUpperCase() };
}

/** Request statuses that count: waiting, being sent, sent, or failed with an outcome that may be unknown. */
const COUNTED_REQUESTS = ["pending", "approved", "sent", "failed"];

type Tx = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

export interface RunningTotals {
  organization: Decimal;
  requester: Decimal;
}

/** The running totals of a currency over the last 24 hours: the organization's and one requester's. */
export async function runningTotals(
  tx: Tx,
  scope: { organizationId: string; environment: Environment; currency: string; requesterId: string },
  now = new Date(),
): Promise<RunningTotals> {
  const since = new Date(now.getTime() - VELOCITY_WINDOW_MS);
  const kinds = Object.keys(VELOCITY_KINDS);
  const rows = await tx.$queryRaw<{ org: string | null; mine: string | null }[]>`
    SELECT COALESCE(SUM(amount), 0)::text AS org,
           COALESCE(SUM(amount) FILTER (WHERE requester = ${scope.requesterId}::uuid), 0)::text AS mine
    FROM (
      SELECT amount, requested_by_id AS requester FROM approval_requests
       WHERE organization_id = ${scope.organizationId}::uuid AND environment = ${scope.environment}::"Environment"
         AND currency = ${scope.currency} AND kind = ANY(${kinds}) AND status = ANY(${COUNTED_REQUESTS})
         AND created_at > ${since}
      UNION ALL
      SELECT amount, requested_by_id FROM direct_movements
       WHERE organization_id = ${scope.organizationId}::uuid AND environment = ${scope.environment}::"Environment"
         AND currency = ${scope.currency} AND kind = ANY(${kinds}) AND status <> 'refused'
         AND created_at > ${since}
    ) m`;
  return { organization: new Decimal(rows[0]?.org ?? "0"), requester: new Decimal(rows[0]?.mine ?? "0") };
}

/**
 * Serializes every submission of one organization's currency in one environment until the
 * transaction ends (PostgreSQL advisory lock, shared by all app instances).
 */
export async function lockCurrency(tx: Tx, organizationId: string, environment: Environment, currency: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`velocity:${organizationId}:${environment}:${currency}`}, 0))`;
}

export interface VelocityLimits {
  organization: Decimal | null;
  requester: Decimal | null;
}

export async function velocityLimits(
  organizationId: string,
  currency: string,
  client: Pick<Prisma.TransactionClient, "approvalVelocityLimit"> = db,
): Promise<VelocityLimits> {
  const rows = await client.approvalVelocityLimit.findMany({ where: { organizationId, currency: currency.toUpperCase() } });
  const of = (s: VelocityScope) => {
    const r = rows.find((x) => x.scope === s);
    return r ? new Decimal(r.amount.toString()) : null;
  };
  return { organization: of("organization"), requester: of("requester") };
}

export interface VelocityVerdict {
  /** The limits this payment would pass, if any: it then waits for approval. */
  exceeded: VelocityScope[];
  /** The totals including this payment. */
  organization: { used: string; limit: string | null };
  requester: { used: string; limit: string | null };
}

/** Whether adding `amount` passes a limit. No limit for a scope: that scope never holds a payment. */
export function judge(totals: RunningTotals, limits: VelocityLimits, amount: string): VelocityVerdict {
  const org = totals.organization.plus(amount);
  const mine = totals.requester.plus(amount);
  const exceeded: VelocityScope[] = [];
  if (limits.organization && org.greaterThan(limits.organization)) exceeded.push("organization");
  if (limits.requester && mine.greaterThan(limits.requester)) exceeded.push("requester");
  return {
    exceeded,
    organization: { used: org.toFixed(), limit: limits.organization?.toFixed() ?? null },
    requester: { used: mine.toFixed(), limit: limits.requester?.toFixed() ?? null },
  };
}

/**
 * The forms' one read: for every currency with a 24-hour limit, how much of it is used by the
 * organization and by this person in their environment.
 */
export async function loadVelocityUsage(viewer: { id: string; organizationId: string; environment: Environment }): Promise<VelocityUsage[]> {
  const rows = await db.approvalVelocityLimit.findMany({ where: { organizationId: viewer.organizationId }, orderBy: { currency: "asc" } });
  const currencies = [...new Set(rows.map((r) => r.currency))];
  return Promise.all(
    currencies.map(async (currency) => {
      const totals = await runningTotals(db, { organizationId: viewer.organizationId, environment: viewer.environment, currency, requesterId: viewer.id });
      const limit = (s: VelocityScope) => rows.find((r) => r.currency === currency && r.scope === s);
      const org = limit("organization");
      const mine = limit("requester");
      return {
        currency,
        organization: org ? { used: totals.organization.toFixed(), limit: new Decimal(org.amount.toString()).toFixed() } : null,
        requester: mine ? { used: totals.requester.toFixed(), limit: new Decimal(mine.amount.toString()).toFixed() } : null,
      };
    }),
  );
}

export interface VelocityLimitRow {
  currency: string;
  scope: VelocityScope;
  amount: string;
  updatedAt: string;
}

/** The organization's 24-hour limits for the settings page. */
export async function listVelocityLimits(organizationId: string): Promise<VelocityLimitRow[]> {
  const rows = await db.approvalVelocityLimit.findMany({ where: { organizationId }, orderBy: [{ currency: "asc" }, { scope: "asc" }] });
  return rows.map((r) => ({
    currency: r.currency,
    scope: r.scope as VelocityScope,
    amount: new Decimal(r.amount.toString()).toFixed(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
