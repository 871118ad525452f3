/**
 * Reads for the approvals inbox, its live-refresh route and the overview's count. Every read first
 * expires overdue requests, so what a page shows is what an action would find.
 */
import "server-only";
import Decimal from "decimal.js";
import { can, type Role } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { ApprovalRequest, Prisma } from "@/lib/generated/prisma/client";
import { canRetry, type StoredResult } from "./decide";
import { findExecutor, listExecutors, type Environment } from "./executor-registry";
import "./executors/index";
import { CONTROL_PREFIX } from "./controls";
import { expireDue } from "./expiry";
import { runningTotals, VELOCITY_KINDS, velocityLimits } from "./velocity";
import type { ApprovalStatus, InboxFilters, InboxKind } from "./filters";
import { countWaitingReviewDecisions, waitingReviewDecisions, type WaitingReviewRow } from "@/lib/review/waiting";

export interface InboxViewer {
  id: string;
  role: Role;
  organizationId: string;
  environment: Environment;
}

/** One request as the browser sees it: plain strings, no payload internals beyond the summary. */
export interface ApprovalRow {
  id: string;
  kind: string;
  kindLabel: string;
  summary: string;
  amount: string;
  currency: string;
  status: ApprovalStatus;
  requestedBy: { id: string; name: string; email: string } | null;
  decidedBy: { id: string; name: string; email: string } | null;
  decisionNote: string | null;
  createdAt: string;
  expiresAt: string;
  decidedAt: string | null;
  /** The provider's sentence when sending failed. */
  error: string | null;
  /** The provider's resource id once sent. */
  resourceId: string | null;
  /** The sent resource's page, for kinds that have one. */
  resourceHref: string | null;
  canApprove: boolean;
  canCancel: boolean;
  canRetry: boolean;
  /**
   * For a waiting payment whose currency has a 24-hour limit: the running totals now (this
   * request included), the organization's and the requester's, beside each limit.
   */
  velocity: { organization: { used: string; limit: string } | null; requester: { used: string; limit: string } | null } | null;
}

export interface Inbox {
  waiting: ApprovalRow[];
  mine: ApprovalRow[];
  /** Deposit review decisions awaiting a second approver: others' (waiting) and the viewer's own (mine). */
  reviews: { waiting: WaitingReviewRow[]; mine: WaitingReviewRow[] };
  history: { rows: ApprovalRow[]; page: number; pages: number; total: number };
  now: string;
}

export const HISTORY_PAGE_SIZE = 25;
const OPEN_LIMIT = 200;

/** Whether this person may decide on requests at all (approver or admin). */
export function mayDecide(role: Role): boolean {
  return can(role, "approval:decide");
}

async function toRows(viewer: InboxViewer, rows: ApprovalRequest[]): Promise<ApprovalRow[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.requestedById, r.decidedById]).filter((x): x is string => !!x))];
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids }, organizationId: viewer.organizationId }, select: { id: true, name: true, email: true } })
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const labels = new Map(listExecutors().map((e) => [e.kind, e.label]));
  const decider = mayDecide(viewer.role);
  const now = new Date();
  const velocity = new Map<string, ApprovalRow["velocity"]>();
  // One read per currency and per currency and requester, however many requests wait.
  const limitsOf = new Map<string, Promise<Awaited<ReturnType<typeof velocityLimits>>>>();
  const totalsOf = new Map<string, Promise<Awaited<ReturnType<typeof runningTotals>>>>();
  for (const r of rows) {
    if (r.status !== "pending" || !VELOCITY_KINDS[r.kind]) continue;
    if (!limitsOf.has(r.currency)) limitsOf.set(r.currency, velocityLimits(r.organizationId, r.currency));
    const limits = await limitsOf.get(r.currency)!;
    if (!limits.organization && !limits.requester) continue;
    const key = `${r.environment}:${r.currency}:${r.requestedById}`;
    if (!totalsOf.has(key))
      totalsOf.set(
        key,
        runningTotals(db, { organizationId: r.organizationId, environment: r.environment, currency: r.currency, requesterId: r.requestedById }, now),
      );
    const totals = await totalsOf.get(key)!;
    velocity.set(r.id, {
      organization: limits.organization ? { used: totals.organization.toFixed(), limit: limits.organization.toFixed() } : null,
      requester: limits.requester ? { used: totals.requester.toFixed(), limit: limits.requester.toFixed() } : null,
    });
  }
  return rows.map((r) => {
    const result = r.result as StoredResult | null;
    const response = result?.ok ? result.response : null;
    const pending = r.status === "pending";
    return {
      id: r.id,
      kind: r.kind,
      kindLabel: labels.get(r.kind) ?? r.kind,
      summary: r.summary,
      amount: new Decimal(r.amount.toString()).toFixed(),
      currency: r.currency,
      status: r.status as ApprovalStatus,
      requestedBy: byId.get(r.requestedById) ?? null,
      decidedBy: r.decidedById ? (byId.get(r.decidedById) ?? null) : null,
      decisionNote: r.decisionNote,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
      error: result && !result.ok ? result.error : null,
      resourceId: typeof response?.resourceId === "string" ? response.resourceId : null,
      resourceHref: typeof response?.resourceId === "string" ? (findExecutor(r.kind)?.detailHref?.(response.resourceId) ?? null) : null,
      canApprove: pending && decider && r.requestedById !== viewer.id,
      canCancel: pending && r.requestedById === viewer.id,
      canRetry: decider && canRetry(r, now),
      velocity: velocity.get(r.id) ?? null,
    };
  });
}

/**
 * The requests a person sees from where they stand: money movements of their current environment,
 * and changes to the controls whichever environment they were asked from (they are the
 * organization's, so an approver need not switch environment to find one).
 */
export function inboxScope(viewer: Pick<InboxViewer, "organizationId" | "environment">): Prisma.ApprovalRequestWhereInput {
  return { organizationId: viewer.organizationId, OR: [{ environment: viewer.environment }, { kind: { startsWith: CONTROL_PREFIX } }] };
}

/** The approval requests of one inbox kind; review decisions are not approval requests, so "review" matches none. */
function kindWhere(kind: InboxKind | null | undefined): Prisma.ApprovalRequestWhereInput {
  if (kind === "control") return { kind: { startsWith: CONTROL_PREFIX } };
  if (kind === "money") return { NOT: { kind: { startsWith: CONTROL_PREFIX } } };
  if (kind === "review") return { id: { in: [] } };
  return {};
}

/** The inbox: what waits for this person, their own open requests, and the filtered history. */
export async function loadInbox(viewer: InboxViewer, filters: Partial<InboxFilters> & { page: number }): Promise<Inbox> {
  await expireDue(viewer.organizationId);
  const scope = inboxScope(viewer);
  const open: Prisma.ApprovalRequestWhereInput = { AND: [scope, kindWhere(filters.kind)] };
  const waitingWhere: Prisma.ApprovalRequestWhereInput = { ...open, status: "pending", requestedById: { not: viewer.id } };
  const historyWhere: Prisma.ApprovalRequestWhereInput = { ...scope, ...(filters.status ? { status: filters.status } : {}) };
  const withReviews = !filters.kind || filters.kind === "review";
  const [waiting, mine, total, reviewsWaiting, reviewsMine] = await Promise.all([
    // Everyone sees what waits; only approvers and admins get the buttons (canApprove).
    db.approvalRequest.findMany({ where: waitingWhere, orderBy: { expiresAt: "asc" }, take: OPEN_LIMIT }),
    db.approvalRequest.findMany({
      where: { ...open, requestedById: viewer.id, status: { in: ["pending", "approved", "failed"] } },
      orderBy: { createdAt: "desc" },
      take: OPEN_LIMIT,
    }),
    db.approvalRequest.count({ where: historyWhere }),
    withReviews ? waitingReviewDecisions(viewer, "others") : [],
    withReviews ? waitingReviewDecisions(viewer, "mine") : [],
  ]);
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const history = await db.approvalRequest.findMany({
    where: historyWhere,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * HISTORY_PAGE_SIZE,
    take: HISTORY_PAGE_SIZE,
  });
  const [w, m, h] = await Promise.all([toRows(viewer, waiting), toRows(viewer, mine), toRows(viewer, history)]);
  return {
    waiting: w,
    mine: m,
    reviews: { waiting: reviewsWaiting, mine: reviewsMine },
    history: { rows: h, page, pages, total },
    now: new Date().toISOString(),
  };
}

/** One request of the viewer's organization, for the page a notification mail links to; null when there is none. */
export async function loadRequest(viewer: InboxViewer, id: string): Promise<ApprovalRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db.approvalRequest.findFirst({ where: { id, organizationId: viewer.organizationId } });
  return row ? ((await toRows(viewer, [row]))[0] ?? null) : null;
}

/**
 * How many requests wait for this person's decision from their current environment: pending, not
 * their own, and only for roles that may decide (0 for everyone else), with the deposit review
 * decisions awaiting their confirmation, as the inbox lists both. For the overview and nav.
 */
export async function countPendingForUser(viewer: InboxViewer): Promise<number> {
  if (!mayDecide(viewer.role)) return 0;
  await expireDue(viewer.organizationId);
  const [requests, reviews] = await Promise.all([
    db.approvalRequest.count({ where: { ...inboxScope(viewer), status: "pending", requestedById: { not: viewer.id } } }),
    countWaitingReviewDecisions(viewer),
  ]);
  return requests + reviews;
}

export interface ThresholdRow {
  kind: string;
  kindLabel: string;
  currency: string;
  amount: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The organization's thresholds for the settings page, "*" rows first. */
export async function listThresholds(organizationId: string): Promise<ThresholdRow[]> {
  const rows = await db.approvalThreshold.findMany({ where: { organizationId }, orderBy: [{ currency: "asc" }, { kind: "asc" }] });
  const ids = [...new Set(rows.map((r) => r.updatedById).filter((x): x is string => !!x))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : [];
  const names = new Map(users.map((u) => [u.id, u.name]));
  const labels = new Map(listExecutors().map((e) => [e.kind, e.label]));
  return rows
    .map((r) => ({
      kind: r.kind,
      kindLabel: r.kind === "*" ? "Any kind" : (labels.get(r.kind) ?? r.kind),
      currency: r.currency,
      amount: new Decimal(r.amount.toString()).toFixed(),
      updatedAt: r.updatedAt.toISOString(),
      updatedBy: r.updatedById ? (names.get(r.updatedById) ?? null) : null,
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || (a.kind === "*" ? -1 : b.kind === "*" ? 1 : a.kindLabel.localeCompare(b.kindLabel)));
}
