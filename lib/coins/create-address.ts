"use server";
/**
 * Saves a crypto withdrawal address with the provider. Saving moves no money and the provider
 * refuses a duplicate (409), so it is never re-sent automatically; the refusal is the sentence.
 */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { createAddressSchema } from "@/lib/coins/schema";
import { db } from "@/lib/db";

export const createCoinsAddress = defineAction(
  { name: "coins.address.create", permission: "withdrawal:create", input: createAddressSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<{ id: string }> => {
    const r = await upstream.coins.createWithdrawalAddress(
      { address: input.address, asset: input.asset, chain: input.chain, ...(input.label ? { label: input.label } : {}) },
      attempt!,
    );
    if (!r.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "coins_address.created",
          targetType: "coins_address",
          targetId: r.data.id,
          environment: user.environment,
          after: { address: r.data.address, asset: r.data.asset, chain: r.data.chain, label: r.data.label ?? "" },
        }),
      );
    }
    revalidatePath("/coins/withdrawals");
    return { id: r.data.id };
  },
);
