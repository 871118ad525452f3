"use server";
/**
 * Sends crypto from the Coins balance to a saved address, or, above the organization's threshold
 * for this kind and asset, files it for a second approver (lib/coins/submit-withdrawal.ts). The address is looked up with the
 * provider so the asset and chain sent are the saved address's own, and the chain's minimum is
 * checked before anything is stored. The approvals engine writes the audit row and reuses the
 * form's attempt key as the idempotency key, so nothing is sent twice.
 */
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { createCryptoWithdrawalSchema, type CoinsWithdrawalResult } from "@/lib/coins/schema";
import { submitCoinsWithdrawal } from "@/lib/coins/submit-withdrawal";
import { Decimal } from "@/lib/decimal";

export const createCoinsCryptoWithdrawal = defineAction(
  { name: "coins.crypto_withdrawal.create", permission: "withdrawal:create", input: createCryptoWithdrawalSchema },
  async ({ input, user, request, upstream }): Promise<CoinsWithdrawalResult> => {
    const [addresses, assets] = await Promise.all([upstream.coins.listWithdrawalAddresses({}, { cache: false }), upstream.coins.listWithdrawalAssets()]);
    const address = addresses.data.find((a) => a.id === input.address_id);
    if (!address)
      throw new ActionError("This saved address no longer exists. Choose another one.", {
        address_id: "This saved address no longer exists. Choose another one.",
      });
    const chain = assets.data.find((a) => a.symbol === address.asset)?.chains.find((c) => c.blockchain === address.chain);
    if (chain?.min_amount && new Decimal(input.amount).lt(chain.min_amount)) {
      const message = `The minimum on ${chain.blockchain_name ?? address.chain} is ${chain.min_amount} ${address.asset}.`;
      throw new ActionError(message, { amount: message });
    }
    return submitCoinsWithdrawal(
      "coins_crypto_withdrawal",
      {
        address_id: address.id,
        asset: address.asset,
        chain: address.chain,
        amount: input.amount,
        address: address.address,
        ...(address.label ? { label: address.label } : {}),
      },
      { attemptKey: input.attemptKey, user, request },
    );
  },
);
