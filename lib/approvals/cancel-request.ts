"use server";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { cancelRequest as cancel } from "@/lib/approvals/decide";
import { cancelRequestSchema } from "@/lib/approvals/schemas";

/**
 * The requester withdraws their own pending request. Gated by "data:read" plus the requester check
 * inside: whoever could create a request may withdraw it, even after losing the role that created it.
 */
export const cancelRequest = defineAction({ name: "cancel-request", permission: "data:read", input: cancelRequestSchema }, async ({ input, user, request }) => {
  await cancel(user, request, input.requestId);
  revalidatePath("/approvals");
  return { requestId: input.requestId, status: "cancelled" as const };
});
