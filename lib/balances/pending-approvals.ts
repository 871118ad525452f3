/**
 * The overview's "pending approvals" figure. For someone who may decide: the requests waiting for
 * them (the approvals engine's own count: pending, not their own). For everyone else: their own
 * requests still waiting for a decision, which is what they can follow up on.
 */
import "server-only";
import { can } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/auth/session";
import { countPendingForUser } from "@/lib/approvals/queries";
import { db } from "@/lib/db";

export interface PendingApprovals {
  count: number;
  /** "for_you": waiting for this person's decision; "yours": this person's own requests waiting. */
  scope: "for_you" | "yours";
}

export async function countPendingApprovals(
  user: Pick<CurrentUser, "id" | "role" | "organizationId" | "environment">,
  now = new Date(),
): Promise<PendingApprovals> {
  if (can(user.role, "approval:decide")) return { count: await countPendingForUser(user), scope: "for_you" };
  const count = await db.approvalRequest.count({
    where: { organizationId: user.organizationId, environment: user.environment, status: "pending", requestedById: user.id, expiresAt: { gt: now } },
  });
  return { count, scope: "yours" };
}
