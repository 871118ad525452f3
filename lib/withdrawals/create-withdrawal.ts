"use server";
/**
 * A merchant withdrawal (`POST /v1/merchant/withdrawals`): USD from the withdrawal balance as a
 * stablecoin on chain, sent at once or, above the threshold, filed for a second approver.
 */
import { defineAction } from "@/lib/server-actions/safe-action";
import { createWithdrawalSchema, WITHDRAWAL_UPSTREAM_FIELDS, type CreateWithdrawalResult } from "@/lib/withdrawals/schema";
import { submitOnChainWithdrawal } from "@/lib/withdrawals/submit";

export const createWithdrawal = defineAction(
  { name: "withdrawal.create", permission: "withdrawal:create", input: createWithdrawalSchema, upstreamFields: WITHDRAWAL_UPSTREAM_FIELDS },
  async ({ input, user, request }): Promise<CreateWithdrawalResult> =>
    submitOnChainWithdrawal("merchant_withdrawal", input, { user, request }, ["/withdrawals"]),
);
