"use server";
import { defineAction } from "@/lib/server-actions/safe-action";
import { db } from "@/lib/db";
import { rejectDecision } from "@/lib/review/decisions";
import { rejectReviewDecisionSchema } from "@/lib/review/schemas";

/** A second approver rejects a recorded decision (or its requester withdraws it); a new one can then be recorded. */
export const rejectReviewDecision = defineAction(
  { name: "review.decision_rejected", permission: "review:decide", input: rejectReviewDecisionSchema },
  async ({ input, user, audit }) => {
    return db.$transaction(async (tx) => {
      const r = await rejectDecision(tx, user, input);
      await audit(tx, {
        action: r.after.status === "withdrawn" ? "review.decision_withdrawn" : "review.decision_rejected",
        targetType: "deposit",
        targetId: r.after.depositId,
        environment: user.environment,
        before: { decisionId: r.before.id, status: r.before.status },
        after: { decisionId: r.after.id, status: r.after.status, note: r.after.confirmNote },
      });
      return { id: r.after.id, status: r.after.status };
    });
  },
);
