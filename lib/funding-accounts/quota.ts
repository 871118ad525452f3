import "server-only";
/**
 * The provider's daily funding-account creation quota, kept by the app itself: the spec allows
 * 1,000 creations a day per merchant and says exceeding it can freeze the merchant, so the
 * dashboard must never be the one that exceeds it.
 *
 * The provider counts per merchant, and a merchant is one organization in one environment here
 * (sandbox and production are separate merchants with separate keys; replacing a key keeps the
 * merchant). The day is the UTC day: the spec's timestamps are UTC and it names no other boundary.
 *
 * A slot is reserved before the provider is asked, under a transaction-scoped advisory lock per
 * merchant and day, so concurrent creations across users and app instances can never both take
 * the last slot. A slot is released only when the provider certainly created nothing (it refused,
 * or the request never left); an unknown outcome keeps it, as the account may exist.
 */
import { db } from "@/lib/db";
import { notify } from "@/lib/notifications/outbox";
import { UpstreamError } from "@/lib/upstream/errors";
import type { UpstreamEnvironment } from "@/lib/upstream/types";

const count = new Intl.NumberFormat("en-GB");
/** A count as the page shows it: "1,000". */
export const formatCount = (n: number) => count.format(n);

/** The spec's figure. A merchant-specific quota, where the provider sets one, is not published. */
export const DAILY_FUNDING_ACCOUNT_LIMIT = 1000;
/** From this share of the day's limit the page warns. */
export const WARN_SHARE = 0.8;

export interface Merchant {
  organizationId: string;
  environment: UpstreamEnvironment;
}

export type QuotaLevel = "ok" | "warning" | "full";

export interface QuotaUsage {
  used: number;
  limit: number;
  level: QuotaLevel;
  /** The UTC day counted, `YYYY-MM-DD`. */
  day: string;
  /** When the count starts again (the next UTC midnight). */
  resetsAt: Date;
}

/** The UTC day a moment counts towards, as `YYYY-MM-DD`. */
export function quotaDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function quotaLevel(used: number, limit: number = DAILY_FUNDING_ACCOUNT_LIMIT): QuotaLevel {
  if (used >= limit) return "full";
  return used >= Math.ceil(limit * WARN_SHARE) ? "warning" : "ok";
}

function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

function usage(used: number, now: Date): QuotaUsage {
  return { used, limit: DAILY_FUNDING_ACCOUNT_LIMIT, level: quotaLevel(used), day: quotaDay(now), resetsAt: nextUtcMidnight(now) };
}

/** The sentence for a creation refused at the limit, before the provider is asked. */
export function quotaFullMessage(limit: number = DAILY_FUNDING_ACCOUNT_LIMIT): string {
  return `Today's limit of ${formatCount(limit)} new funding accounts is reached, and the provider may freeze a merchant that opens more. No account was opened; try again after midnight UTC.`;
}

const dayValue = (day: string) => new Date(`${day}T00:00:00.000Z`);

export async function readQuota(m: Merchant, now: Date = new Date()): Promise<QuotaUsage> {
  const used = await db.fundingAccountSlot.count({ where: { organizationId: m.organizationId, environment: m.environment, day: dayValue(quotaDay(now)) } });
  return usage(used, now);
}

export type Reservation = { ok: true; slotId: string; fresh: boolean; usage: QuotaUsage } | { ok: false; usage: QuotaUsage };

/**
 * Takes a slot of today's quota for this attempt, or says the day is full. A retry of the same
 * attempt (same attempt key) keeps the slot it already holds, so it never counts twice.
 */
export async function reserveSlot(m: Merchant & { attemptKey: string; userId?: string | null }, now: Date = new Date()): Promise<Reservation> {
  const day = quotaDay(now);
  return db.$transaction(async (tx) => {
    // One lock per merchant and day: the count and the insert below cannot interleave with another's.
    await tx.$queryRaw`SELECT true AS locked FROM pg_advisory_xact_lock(hashtextextended(${`funding-account-quota:${m.organizationId}:${m.environment}:${day}`}, 0))`;
    const existing = await tx.fundingAccountSlot.findUnique({
      where: { organizationId_environment_attemptKey: { organizationId: m.organizationId, environment: m.environment, attemptKey: m.attemptKey } },
    });
    const used = await tx.fundingAccountSlot.count({ where: { organizationId: m.organizationId, environment: m.environment, day: dayValue(day) } });
    if (existing) return { ok: true, slotId: existing.id, fresh: false, usage: usage(used, now) };
    if (used >= DAILY_FUNDING_ACCOUNT_LIMIT) return { ok: false, usage: usage(used, now) };
    const slot = await tx.fundingAccountSlot.create({
      data: { organizationId: m.organizationId, environment: m.environment, day: dayValue(day), attemptKey: m.attemptKey, createdById: m.userId ?? null },
    });
    // Admins are told once a day per merchant, when this slot reaches the warning share.
    if (used + 1 === Math.ceil(DAILY_FUNDING_ACCOUNT_LIMIT * WARN_SHARE)) {
      await notify(tx, {
        organizationId: m.organizationId,
        kind: "quota_near",
        dedupeKey: `quota_near:${m.environment}:${day}`,
        data: { environment: m.environment, used: used + 1, limit: DAILY_FUNDING_ACCOUNT_LIMIT, day },
      });
    }
    return { ok: true, slotId: slot.id, fresh: true, usage: usage(used + 1, now) };
  });
}

/** The provider answered with an account: the slot is spent for good. */
export async function confirmSlot(slotId: string, fundingAccountId: string): Promise<void> {
  await db.fundingAccountSlot.updateMany({ where: { id: slotId }, data: { status: "created", fundingAccountId } });
}

/** The provider certainly created nothing: the slot goes back to the day's quota. */
export async function releaseSlot(slotId: string): Promise<void> {
  await db.fundingAccountSlot.deleteMany({ where: { id: slotId, status: "reserved" } });
}

/** Refused before the provider is asked: today's quota is used up. */
export class QuotaFullError extends Error {
  constructor(limit: number = DAILY_FUNDING_ACCOUNT_LIMIT) {
    super(quotaFullMessage(limit));
    this.name = "QuotaFullError";
  }
}

/**
 * Opens one funding account inside today's quota, whoever sends it (the form at once, or an
 * approver later): a slot is held before the provider is asked, kept once the provider answers with
 * an account, and given back only when the provider certainly created nothing.
 */
export async function withQuotaSlot<T extends { id: string }>(
  m: Merchant & { attemptKey: string; userId?: string | null },
  create: () => Promise<T>,
): Promise<T> {
  const slot = await reserveSlot(m);
  if (!slot.ok) throw new QuotaFullError(slot.usage.limit);
  let account: T;
  try {
    account = await create();
  } catch (err) {
    if (err instanceof UpstreamError && (err.outcome === "refused" || err.outcome === "not_sent")) await releaseSlot(slot.slotId);
    throw err;
  }
  await confirmSlot(slot.slotId, account.id);
  return account;
}
