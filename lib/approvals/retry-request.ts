"use server";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { retryRequest as retry } from "@/lib/approvals/decide";
import { retryRequestSchema } from "@/lib/approvals/schemas";

/**
 * Send an approved request again after an unknown outcome or an interrupted send, with the same
 * stored attempt key (so the provider sees a retry, never a second payment).
 */
export const retryRequest = defineAction(
  { name: "retry-request", permission: "approval:decide", input: retryRequestSchema },
  async ({ input, user, request }) => {
    const outcome = await retry(user, request, input.requestId);
    revalidatePath("/approvals");
    return outcome;
  },
);
