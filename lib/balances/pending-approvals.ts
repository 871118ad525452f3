/**
 * The overview's "pending approvals" figure: for someone who may decide, the requests waiting for
 * them (pending, not expired, not their own: the requester can never approve); for everyone else,
 * the organization's requests still waiting for a decision in this environment.
 */
import "server-only";
import { can } from "@/lib/auth/permissions";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";

export async function countPendingApprovals(user: Pick<CurrentUser, "id" | "role" | "organizationId" | "environment">, now = new Date()): Promise<number> {
  const decider = can(user.role, "approval:decide");
  return db.approvalRequest.count({
    where: {
      organizationId: user.organizationId,
      environment: user.environment,
      status: "pending",
      expiresAt: { gt: now },
      ...(decider ? { requestedById: { not: user.id } } : {}),
    },
  });
}
