/**
 * The one path of both Coins withdrawal actions into four eyes: send at once at or under the
 * organization's limit for the kind and currency, else file it for a second approver. The
 * provider's balance refusal is about the amount, so its sentence goes on that field.
 */
import "server-only";
import { revalidatePath } from "next/cache";
import { ActionError } from "@/lib/server-actions/safe-action";
import type { CurrentUser } from "@/lib/auth/session";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import type { RequestContext } from "@/lib/request-context";
import { UpstreamError } from "@/lib/upstream/errors";
import type { CoinsWithdrawalResult } from "./schema";

export async function submitCoinsWithdrawal(
  kind: "coins_crypto_withdrawal" | "coins_fiat_withdrawal",
  payload: Record<string, unknown>,
  ctx: { attemptKey: string; user: CurrentUser; request: RequestContext },
): Promise<CoinsWithdrawalResult> {
  let r;
  try {
    r = await submitMoneyMovement({ kind, payload, attemptKey: ctx.attemptKey, user: ctx.user, environment: ctx.user.environment, request: ctx.request });
  } catch (err) {
    if (err instanceof UpstreamError && err.code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { amount: err.userMessage });
    throw err;
  }
  if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
  revalidatePath("/coins/withdrawals");
  return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
}
