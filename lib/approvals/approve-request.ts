"use server";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { approveRequest as approve } from "@/lib/approvals/decide";
import { approveRequestSchema } from "@/lib/approvals/schemas";

/**
 * Second approval of a money movement: refused for the requester and once expired; the winning
 * approver sends it upstream with the request's stored attempt key. A provider refusal is not an
 * action failure (the approval stands): the result says `failed` with the provider's sentence.
 */
export const approveRequest = defineAction(
  { name: "approve-request", permission: "approval:decide", input: approveRequestSchema },
  async ({ input, user, request }) => {
    const outcome = await approve(user, request, input.requestId, input.note);
    revalidatePath("/approvals");
    return outcome;
  },
);
