import "server-only";
/**
 * Review decisions that wait for a second approver, as the approvals inbox lists them beside money
 * movements: one place shows everything that waits for a person. Confirming or rejecting one goes
 * through the review's own actions (confirm-decision.ts, reject-decision.ts), which check again.
 */
import { can, type Role } from "@/lib/auth/permissions";
import { db } from "@/lib/db";
import type { Environment } from "@/lib/generated/prisma/enums";
import type { DepositSnapshot } from "./decisions";
import { decisionLabel } from "./flags";

export const REVIEW_KIND = "deposit_review";
export const REVIEW_KIND_LABEL = "Deposit review decision";

export interface ReviewViewer {
  id: string;
  role: Role;
  organizationId: string;
  environment: Environment;
}

/** One decision awaiting confirmation, as the browser sees it. `depositId` tells it apart from a money request. */
export interface WaitingReviewRow {
  id: string;
  kind: typeof REVIEW_KIND;
  kindLabel: string;
  depositId: string;
  decision: string;
  summary: string;
  reason: string;
  amount: string;
  currency: string;
  requestedBy: { id: string; name: string; email: string } | null;
  createdAt: string;
  /** The viewer may confirm or reject it: review:decide, and not the person who recorded it. */
  canDecide: boolean;
  /** The viewer recorded it, and may withdraw it. */
  mine: boolean;
}

const OPEN_LIMIT = 200;

const waitingWhere = (viewer: ReviewViewer) => ({
  organizationId: viewer.organizationId,
  environment: viewer.environment,
  status: "awaiting_confirmation",
});

/**
 * Open decisions of the viewer's organization and environment, oldest first: those others recorded
 * (`whose: "others"`, the inbox's "waiting" list) or the viewer's own (`"mine"`).
 */
export async function waitingReviewDecisions(viewer: ReviewViewer, whose: "others" | "mine"): Promise<WaitingReviewRow[]> {
  const rows = await db.reviewDecision.findMany({
    where: { ...waitingWhere(viewer), decidedById: whose === "mine" ? viewer.id : { not: viewer.id } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: OPEN_LIMIT,
  });
  const ids = [...new Set(rows.map((r) => r.decidedById))];
  const users = ids.length
    ? await db.user.findMany({ where: { id: { in: ids }, organizationId: viewer.organizationId }, select: { id: true, name: true, email: true } })
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const decider = can(viewer.role, "review:decide");
  return rows.map((r) => {
    const snapshot = r.depositSnapshot as unknown as DepositSnapshot;
    const mine = r.decidedById === viewer.id;
    return {
      id: r.id,
      kind: REVIEW_KIND,
      kindLabel: REVIEW_KIND_LABEL,
      depositId: r.depositId,
      decision: r.decision,
      summary: `${decisionLabel(r.decision)}: flagged deposit ${r.depositId}`,
      reason: r.reason,
      amount: snapshot.amount,
      currency: snapshot.currency,
      requestedBy: byId.get(r.decidedById) ?? null,
      createdAt: r.createdAt.toISOString(),
      canDecide: decider && !mine,
      mine,
    };
  });
}

/** How many decisions wait for this person's confirmation (0 for roles that cannot decide). */
export async function countWaitingReviewDecisions(viewer: ReviewViewer): Promise<number> {
  if (!can(viewer.role, "review:decide")) return 0;
  return db.reviewDecision.count({ where: { ...waitingWhere(viewer), decidedById: { not: viewer.id } } });
}
