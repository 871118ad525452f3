"use server";
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { rejectRequest as reject } from "@/lib/approvals/decide";
import { rejectRequestSchema } from "@/lib/approvals/schemas";

/** Reject a pending money movement with a reason the requester will see. Nothing is sent. */
export const rejectRequest = defineAction(
  { name: "reject-request", permission: "approval:decide", input: rejectRequestSchema },
  async ({ input, user, request }) => {
    await reject(user, request, input.requestId, input.reason);
    revalidatePath("/approvals");
    return { requestId: input.requestId, status: "rejected" as const };
  },
);
