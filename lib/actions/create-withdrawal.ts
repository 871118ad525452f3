"use server";
/**
 * Withdraws USD from the withdrawal balance as a stablecoin on chain, or, above the organization's
 * threshold for withdrawals, files it for a second approver. The approvals engine writes the audit
 * row and reuses the form's attempt key as the idempotency key, so nothing is sent twice.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { UpstreamError } from "@/lib/upstream/errors";
import { createWithdrawalSchema, WITHDRAWAL_UPSTREAM_FIELDS, type CreateWithdrawalResult } from "@/lib/withdrawals/schema";

export const createWithdrawal = defineAction(
  { name: "withdrawal.create", permission: "withdrawal:create", input: createWithdrawalSchema, upstreamFields: WITHDRAWAL_UPSTREAM_FIELDS },
  async ({ input, user, request }): Promise<CreateWithdrawalResult> => {
    let r;
    try {
      r = await submitMoneyMovement({
        kind: "merchant_withdrawal",
        payload: { amount_usd: input.amount, token: input.token, chain: input.chain, destination_address: input.destination_address },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
    } catch (err) {
      // The provider's balance answer is the final word: its sentence goes on the amount field.
      if (err instanceof UpstreamError && err.code === "insufficient_balance") throw new ActionError(err.userMessage, { amount: err.userMessage });
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
    revalidatePath("/withdrawals");
    return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
  },
);
