/**
 * The overview's figures, each read on its own so one failing source never blanks the others:
 * balances, today's deposits by status, deposits waiting in review, and approvals waiting for the
 * user. A figure the provider could not refresh shows its cached value and age; with nothing
 * cached it carries a sentence instead.
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { startOfDayIn, todayIn } from "@/lib/time-zone/days";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { BalanceFigures } from "./move-schema";
import { readBalances } from "./read";
import { countPendingApprovals, type PendingApprovals } from "./pending-approvals";

export type Figure<T> = { ok: true; data: T; fetchedAt: string; stale: boolean } | { ok: false; error: string };

export interface DepositsToday {
  /** The day the counts are for (YYYY-MM-DD), in the viewer's time zone. */
  date: string;
  counts: { status: string; count: number }[];
  total: number;
  /** True when there were more deposits than the pages read; the counts are then a lower bound. */
  partial: boolean;
}

export interface Overview {
  balances: Figure<BalanceFigures>;
  depositsToday: Figure<DepositsToday>;
  inReview: Figure<{ count: number }>;
  pendingApprovals: Figure<PendingApprovals>;
}

/** Statuses shown even at zero, in the order a deposit moves through them; others follow as seen. */
export const DEPOSIT_STATUS_ORDER = ["RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FAILED"] as const;
const DEPOSIT_PAGES = 5;

async function figure<T>(name: string, read: () => Promise<{ data: T; fetchedAt: string; stale: boolean }>): Promise<Figure<T>> {
  try {
    return { ok: true, ...(await read()) };
  } catch (err) {
    if (err instanceof UpstreamError) return { ok: false, error: err.userMessage };
    log.error({ err, figure: name }, "overview figure failed");
    return { ok: false, error: "This figure could not be loaded. Try again in a moment." };
  }
}

/** Today's deposits, "today" being the viewer's day, as the deposit list's `from` filter reads it. */
export async function readDepositsToday(up: Upstream, zone: string, now = new Date()): Promise<{ data: DepositsToday; fetchedAt: string; stale: boolean }> {
  const date = todayIn(zone, now);
  const from = startOfDayIn(date, zone).toISOString();
  const counts = new Map<string, number>(DEPOSIT_STATUS_ORDER.map((s) => [s, 0]));
  let stale = false;
  let fetchedAt = now.toISOString();
  let partial = false;
  let total = 0;
  for (let page = 1; page <= DEPOSIT_PAGES; page++) {
    const r = await up.core.listDeposits({ from, page, limit: 100 });
    stale ||= r.stale;
    if (r.fetchedAt.toISOString() < fetchedAt) fetchedAt = r.fetchedAt.toISOString();
    for (const d of r.data.data) counts.set(String(d.status), (counts.get(String(d.status)) ?? 0) + 1);
    total = r.data.total ?? total + r.data.data.length;
    const pages = r.data.total_pages ?? 1;
    if (page >= pages) break;
    if (page === DEPOSIT_PAGES) partial = true;
  }
  return { data: { date, counts: [...counts].map(([status, count]) => ({ status, count })), total, partial }, fetchedAt, stale };
}

export async function readInReview(up: Upstream): Promise<{ data: { count: number }; fetchedAt: string; stale: boolean }> {
  // One row is enough: the page's `total` is the count.
  const r = await up.core.listDeposits({ status: "REQUIRES_REVIEW", limit: 1 });
  return { data: { count: r.data.total ?? r.data.data.length }, fetchedAt: r.fetchedAt.toISOString(), stale: r.stale };
}

export async function readOverview(user: CurrentUser, upstream?: Upstream): Promise<Overview> {
  const up = upstream ?? upstreamFor({ organizationId: user.organizationId, environment: user.environment });
  const { zone } = await viewerTimeZone(user);
  const [balances, depositsToday, inReview, pendingApprovals] = await Promise.all([
    figure("balances", () => readBalances(user, up)),
    figure("deposits_today", () => readDepositsToday(up, zone)),
    figure("in_review", () => readInReview(up)),
    figure("pending_approvals", async () => ({ data: await countPendingApprovals(user), fetchedAt: new Date().toISOString(), stale: false })),
  ]);
  return { balances, depositsToday, inReview, pendingApprovals };
}
