"use server";
/**
 * Withdraws naira from the Coins balance to a Nigerian bank account, or, above the organization's
 * NGN threshold for this kind, files it for a second approver. Sent once with the form's attempt key.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { createFiatWithdrawalSchema, type CoinsWithdrawalResult } from "@/lib/coins/schema";
import { UpstreamError } from "@/lib/upstream/errors";

export const createCoinsFiatWithdrawal = defineAction(
  { name: "coins.fiat_withdrawal.create", permission: "withdrawal:create", input: createFiatWithdrawalSchema },
  async ({ input, user, request }): Promise<CoinsWithdrawalResult> => {
    let r;
    try {
      r = await submitMoneyMovement({
        kind: "coins_fiat_withdrawal",
        payload: { currency: "NGN", amount: input.amount, bank_code: input.bank_code, account_number: input.account_number, ...(input.narration ? { narration: input.narration } : {}) },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
    } catch (err) {
      if (err instanceof UpstreamError && err.code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { amount: err.userMessage });
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
    revalidatePath("/coins/withdrawals");
    return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
  },
);
