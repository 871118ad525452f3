"use server";
/**
 * Moves USD from the collection balance to the withdrawal balance, or, above the organization's
 * threshold for balance moves, files it for a second approver. The approvals engine writes the
 * audit row (the send or the request) and reuses the form's attempt key, so a double click or a
 * reload never moves the money twice.
 */
import { defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { moveBalanceSchema, type BalanceFigures, type MoveBalanceResult } from "@/lib/balances/move-schema";

export const moveBalance = defineAction(
  { name: "balance.move", permission: "balance:move", input: moveBalanceSchema, upstreamFields: { amount_usd: "amount" } },
  async ({ input, user, request }): Promise<MoveBalanceResult> => {
    const r = await submitMoneyMovement({
      kind: "balance_move",
      payload: { amount_usd: input.amount },
      attemptKey: input.attemptKey,
      user,
      environment: user.environment,
      request,
    });
    if (r.status === "pending_approval") {
      return { outcome: "pending_approval", approvalId: r.requestId, amount: r.amount, summary: r.summary };
    }
    const res = r.result;
    return {
      outcome: "moved",
      id: String(res.resourceId ?? ""),
      amount: typeof res.amountUsd === "string" ? res.amountUsd : input.amount,
      status: String(res.status ?? "COMPLETED"),
      createdAt: typeof res.createdAt === "string" ? res.createdAt : null,
      balance: (res.balance as BalanceFigures | null | undefined) ?? null,
      replayed: res.replayed === true,
    };
  },
);
