"use server";
/**
 * Withdraws USD from the withdrawal balance as a stablecoin on chain, from the balances page
 * (`POST /v1/merchant/balance/withdraw`), or, above the organization's threshold, files it for a
 * second approver. The approvals engine writes the audit row and reuses the form's attempt key,
 * so a double click, a reload or an approval retry never sends twice.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { UpstreamError } from "@/lib/upstream/errors";
import { createWithdrawalSchema, WITHDRAWAL_UPSTREAM_FIELDS, type CreateWithdrawalResult } from "@/lib/withdrawals/schema";

export const withdrawFromBalance = defineAction(
  { name: "balance.withdraw", permission: "withdrawal:create", input: createWithdrawalSchema, upstreamFields: WITHDRAWAL_UPSTREAM_FIELDS },
  async ({ input, user, request }): Promise<CreateWithdrawalResult> => {
    let r;
    try {
      r = await submitMoneyMovement({
        kind: "balance_withdrawal",
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
    revalidatePath("/balances");
    revalidatePath("/withdrawals");
    return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
  },
);
