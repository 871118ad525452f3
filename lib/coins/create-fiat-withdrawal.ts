"use server";
/**
 * Withdraws naira from the Coins balance to a Nigerian bank account, or, above the organization's
 * NGN limit for this kind, files it for a second approver. The approvals engine writes the audit
 * row and reuses the form's attempt key as the idempotency key, so nothing is sent twice.
 */
import { defineAction } from "@/lib/server-actions/safe-action";
import { createFiatWithdrawalSchema, type CoinsWithdrawalResult } from "@/lib/coins/schema";
import { submitCoinsWithdrawal } from "@/lib/coins/submit-withdrawal";

export const createCoinsFiatWithdrawal = defineAction(
  { name: "coins.fiat_withdrawal.create", permission: "withdrawal:create", input: createFiatWithdrawalSchema },
  ({ input, user, request }): Promise<CoinsWithdrawalResult> =>
    submitCoinsWithdrawal(
      "coins_fiat_withdrawal",
      {
        currency: "NGN",
        amount: input.amount,
        bank_code: input.bank_code,
        account_number: input.account_number,
        ...(input.narration ? { narration: input.narration } : {}),
      },
      { attemptKey: input.attemptKey, user, request },
    ),
);
