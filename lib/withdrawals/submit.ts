import "server-only";
import { revalidatePath } from "next/cache";
import { ActionError } from "@/lib/server-actions/safe-action";
import type { Environment } from "@/lib/approvals/executor-registry";
import { submitMoneyMovement, type Submitter } from "@/lib/approvals/submit";
import type { RequestContext } from "@/lib/request-context";
import { UpstreamError } from "@/lib/upstream/errors";
import type { z } from "zod";
import type { createWithdrawalSchema, CreateWithdrawalResult } from "./schema";

/**
 * An on-chain withdrawal from the USD withdrawal balance, as a merchant withdrawal or from the
 * balances page: sent at once, or filed for a second approver above the threshold. The approvals
 * engine writes the audit row and reuses the form's attempt key, so nothing is sent twice.
 */
export async function submitOnChainWithdrawal(
  kind: "merchant_withdrawal" | "balance_withdrawal",
  input: z.output<typeof createWithdrawalSchema>,
  ctx: { user: Submitter & { environment: Environment }; request: RequestContext },
  pages: string[],
): Promise<CreateWithdrawalResult> {
  let r;
  try {
    r = await submitMoneyMovement({
      kind,
      payload: { amount_usd: input.amount, token: input.token, chain: input.chain, destination_address: input.destination_address },
      attemptKey: input.attemptKey,
      user: ctx.user,
      environment: ctx.user.environment,
      request: ctx.request,
    });
  } catch (err) {
    // The provider's balance answer is the final word: its sentence goes on the amount field.
    if (err instanceof UpstreamError && err.code === "insufficient_balance") throw new ActionError(err.userMessage, { amount: err.userMessage });
    throw err;
  }
  if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
  for (const page of pages) revalidatePath(page);
  return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
}
