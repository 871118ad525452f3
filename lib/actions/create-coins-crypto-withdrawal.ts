"use server";
/**
 * Sends crypto from the Coins balance to a saved address, or, above the organization's threshold
 * for this kind and asset, files it for a second approver. The address is looked up with the
 * provider so the asset and chain sent are the saved address's own, and the chain's minimum is
 * checked before anything is stored. The approvals engine writes the audit row and reuses the
 * form's attempt key as the idempotency key, so nothing is sent twice.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { createCryptoWithdrawalSchema, type CoinsWithdrawalResult } from "@/lib/coins/schema";
import { Decimal } from "@/lib/money";
import { UpstreamError } from "@/lib/upstream/errors";

export const createCoinsCryptoWithdrawal = defineAction(
  { name: "coins.crypto_withdrawal.create", permission: "withdrawal:create", input: createCryptoWithdrawalSchema },
  async ({ input, user, request, upstream }): Promise<CoinsWithdrawalResult> => {
    const [addresses, assets] = await Promise.all([upstream.coins.listWithdrawalAddresses({}, { cache: false }), upstream.coins.listWithdrawalAssets()]);
    const address = addresses.data.find((a) => a.id === input.address_id);
    if (!address) throw new ActionError("This saved address no longer exists. Choose another one.", { address_id: "This saved address no longer exists. Choose another one." });
    const chain = assets.data.find((a) => a.symbol === address.asset)?.chains.find((c) => c.blockchain === address.chain);
    if (chain?.min_amount && new Decimal(input.amount).lt(chain.min_amount)) {
      const message = `The minimum on ${chain.blockchain_name ?? address.chain} is ${chain.min_amount} ${address.asset}.`;
      throw new ActionError(message, { amount: message });
    }
    let r;
    try {
      r = await submitMoneyMovement({
        kind: "coins_crypto_withdrawal",
        payload: { address_id: address.id, asset: address.asset, chain: address.chain, amount: input.amount, address: address.address, ...(address.label ? { label: address.label } : {}) },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
    } catch (err) {
      // The provider's balance answer is the final word: its sentence goes on the amount field.
      if (err instanceof UpstreamError && err.code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { amount: err.userMessage });
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
    revalidatePath("/coins/withdrawals");
    return { outcome: "sent", id: String(r.result.resourceId ?? ""), replayed: r.result.replayed === true };
  },
);
