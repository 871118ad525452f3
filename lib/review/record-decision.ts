"use server";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { recordDecision, snapshotOf, type DepositSnapshot } from "@/lib/review/decisions";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { recordReviewDecisionSchema } from "@/lib/review/schemas";

/**
 * An approver records the team's decision on a flagged deposit. It is not final until a second
 * approver confirms it. The deposit is read fresh from the provider so the decision keeps the
 * state it was made on, and a deposit the provider already resolved is refused.
 */
export const recordReviewDecision = defineAction(
  { name: "review.decision_recorded", permission: "review:decide", input: recordReviewDecisionSchema },
  async ({ input, user, audit, upstream }) => {
    ensureOutboundWorker();
    const { data: deposit } = await upstream.core.getDeposit(input.depositId, { cache: false });
    const snapshot = snapshotOf(deposit as unknown as DepositSnapshot & Record<string, unknown>);
    return db.$transaction(async (tx) => {
      const row = await recordDecision(tx, user, { deposit: snapshot, decision: input.decision, reason: input.reason });
      await audit(tx, {
        action: "review.decision_recorded",
        targetType: "deposit",
        targetId: snapshot.id,
        environment: user.environment,
        after: { decisionId: row.id, decision: row.decision, reason: row.reason, status: row.status, providerStatus: snapshot.status },
      });
      return { id: row.id, status: row.status };
    });
  },
);
