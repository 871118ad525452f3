"use server";
/** Renames a saved withdrawal address; an empty label clears it (the spec's rule). */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { renameAddressSchema } from "@/lib/coins/schema";
import { db } from "@/lib/db";

export const renameCoinsAddress = defineAction(
  { name: "coins.address.rename", permission: "withdrawal:create", input: renameAddressSchema },
  async ({ input, user, attempt, upstream, audit }): Promise<{ id: string; label: string }> => {
    const r = await upstream.coins.renameWithdrawalAddress(input.id, input.label, attempt!);
    const label = r.data.label ?? "";
    if (!r.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: label === "" ? "coins_address.label_cleared" : "coins_address.renamed",
          targetType: "coins_address",
          targetId: input.id,
          environment: user.environment,
          after: { label },
        }),
      );
    }
    revalidatePath("/coins/withdrawals");
    return { id: r.data.id, label };
  },
);
