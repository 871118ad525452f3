"use server";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { confirmDecision } from "@/lib/review/decisions";
import { ensureOutboundWorker } from "@/lib/review/outbound";
import { confirmReviewDecisionSchema } from "@/lib/review/schemas";

/** A second approver confirms a recorded decision; the requester's own confirmation is refused. */
export const confirmReviewDecision = defineAction(
  { name: "review.decision_confirmed", permission: "review:decide", input: confirmReviewDecisionSchema },
  async ({ input, user, audit }) => {
    ensureOutboundWorker();
    return db.$transaction(async (tx) => {
      const r = await confirmDecision(tx, user, { decisionId: input.decisionId, note: input.note });
      await audit(tx, {
        action: "review.decision_confirmed",
        targetType: "deposit",
        targetId: r.after.depositId,
        environment: user.environment,
        before: { decisionId: r.before.id, status: r.before.status },
        after: {
          decisionId: r.after.id,
          decision: r.after.decision,
          status: r.after.status,
          note: r.after.confirmNote,
          deliveryId: r.deliveryId,
          credit: r.after.creditState,
          creditDeliveryId: r.creditDeliveryId,
        },
      });
      // credit: null (not a credit decision), "held" (until deposit.completed), "released" or "off".
      return { id: r.after.id, status: r.after.status, deliveryQueued: r.deliveryId !== null, credit: r.after.creditState };
    });
  },
);
