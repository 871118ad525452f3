/**
 * The overview's figures, each read on its own so one failing source never blanks the others:
 * balances (a short-lived cached read of the provider), today's deposits by status and deposits
 * waiting in review (from the local copy, with its age), and approvals waiting for the user. A
 * figure that could not be refreshed shows its last value and age; with none it carries a sentence.
 */
import "server-only";
import type { CurrentUser } from "@/lib/auth/session";
import { log } from "@/lib/log";
import { startOfDayIn, todayIn } from "@/lib/time-zone/days";
import { viewerTimeZone } from "@/lib/time-zone/current";
import { listFreshness } from "@/lib/ledger/freshness";
import { beingChecked } from "@/lib/ledger/page-read";
import { countsByStatus, readPage } from "@/lib/ledger/read";
import type { LedgerScope } from "@/lib/ledger/store";
import { upstreamFor, UpstreamError, type Upstream } from "@/lib/upstream";
import type { BalanceFigures } from "./move-schema";
import { readBalances } from "./read";
import { countPendingApprovals, type PendingApprovals } from "./pending-approvals";

/** `syncedAt`: a figure counted from the local copy, as of the copy's last read of its list. */
export type Figure<T> = { ok: true; data: T; fetchedAt: string; stale: boolean; syncedAt?: string } | { ok: false; error: string };

export interface DepositsToday {
  /** The day the counts are for (YYYY-MM-DD), in the viewer's time zone. */
  date: string;
  counts: { status: string; count: number }[];
  total: number;
}

export interface Overview {
  balances: Figure<BalanceFigures>;
  depositsToday: Figure<DepositsToday>;
  inReview: Figure<{ count: number }>;
  pendingApprovals: Figure<PendingApprovals>;
}

/** Statuses shown even at zero, in the order a deposit moves through them; others follow as seen. */
export const DEPOSIT_STATUS_ORDER = ["RECEIVED", "PROCESSING", "REQUIRES_REVIEW", "COMPLETED", "FAILED"] as const;
/** Older than this, a figure read from the copy is marked stale, as a list's synced note warns. */
const BEHIND_MS = 60_000;

class FigureUnavailable extends Error {}

async function figure<T>(name: string, read: () => Promise<{ data: T; fetchedAt: string; stale: boolean; syncedAt?: string }>): Promise<Figure<T>> {
  try {
    return { ok: true, ...(await read()) };
  } catch (err) {
    if (err instanceof UpstreamError) return { ok: false, error: err.userMessage };
    if (err instanceof FigureUnavailable) return { ok: false, error: err.message };
    log.error({ err, figure: name }, "overview figure failed");
    return { ok: false, error: "This figure could not be loaded. Try again in a moment." };
  }
}

/** The deposit list's age in the copy, as a figure carries it; refused while the copy has never read it. */
async function depositsAge(scope: LedgerScope, now: Date): Promise<{ fetchedAt: string; stale: boolean; syncedAt: string }> {
  const f = await listFreshness(scope, "deposit");
  const checking = beingChecked("deposit", f, "list");
  if (checking) throw checking;
  if (!f.syncedAt) throw new FigureUnavailable(f.error ?? "The deposits are still being read from the provider. This figure appears within a few seconds.");
  const syncedAt = f.syncedAt.toISOString();
  return { fetchedAt: syncedAt, syncedAt, stale: f.error !== null || now.getTime() - f.syncedAt.getTime() > BEHIND_MS };
}

/** Today's deposits from the local copy, "today" being the viewer's day, counted whole (no page limit). */
export async function readDepositsToday(
  scope: LedgerScope,
  zone: string,
  now = new Date(),
): Promise<{ data: DepositsToday; fetchedAt: string; stale: boolean; syncedAt: string }> {
  const age = await depositsAge(scope, now);
  const date = todayIn(zone, now);
  const rows = await countsByStatus(scope, "deposit", { from: startOfDayIn(date, zone).toISOString() });
  const counts = new Map<string, number>(DEPOSIT_STATUS_ORDER.map((s) => [s, 0]));
  for (const r of rows) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + r.count);
  const total = rows.reduce((n, r) => n + r.count, 0);
  return { data: { date, counts: [...counts].map(([status, count]) => ({ status, count })), total }, ...age };
}

/** Deposits waiting in review, from the local copy (the older FLAGGED name counts too). */
export async function readInReview(
  scope: LedgerScope,
  now = new Date(),
): Promise<{ data: { count: number }; fetchedAt: string; stale: boolean; syncedAt: string }> {
  const age = await depositsAge(scope, now);
  const page = await readPage(scope, "deposit", { filters: { status: "REQUIRES_REVIEW" }, limit: 1 });
  return { data: { count: page.total }, ...age };
}

export async function readOverview(user: CurrentUser, upstream?: Upstream): Promise<Overview> {
  const up = upstream ?? upstreamFor({ organizationId: user.organizationId, environment: user.environment });
  const { zone } = await viewerTimeZone(user);
  const [balances, depositsToday, inReview, pendingApprovals] = await Promise.all([
    figure("balances", () => readBalances(user, up)),
    figure("deposits_today", () => readDepositsToday(up.target, zone)),
    figure("in_review", () => readInReview(up.target)),
    figure("pending_approvals", async () => ({ data: await countPendingApprovals(user), fetchedAt: new Date().toISOString(), stale: false })),
  ]);
  return { balances, depositsToday, inReview, pendingApprovals };
}
