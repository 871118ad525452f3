"use server";
/**
 * Places a Pro order from the ticket, or, above the organization's threshold for Pro orders, files
 * it for a second approver. A limit order carries the `client_order_id` the app sent with its
 * reviewed quote and the quote's `estimated_fee` unchanged as `max_taker_fee`; the same id goes to
 * the provider whether the order is sent now or by the approval executor later. The approvals
 * engine writes the audit row and reuses the form's attempt key, so a double submit or a retry never
 * places two orders.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { FEE_CAP_REASON, REJECTION_HELP } from "@/lib/pro/labels";
import { placeOrderSchema, type PlaceOrderResult } from "@/lib/pro/schema";
import { UpstreamError } from "@/lib/upstream/errors";

export const placeProOrder = defineAction(
  { name: "pro.order.place", permission: "order:trade", input: placeOrderSchema },
  async ({ input, user, request }): Promise<PlaceOrderResult> => {
    const { attemptKey, ...order } = input;
    let r;
    try {
      r = await submitMoneyMovement({ kind: "pro_order", payload: order, attemptKey, user, environment: user.environment, request });
    } catch (err) {
      if (err instanceof UpstreamError) {
        const code = err.code.toUpperCase();
        // The fee cap can also come back as a refusal rather than a rejected order: same sentence, and the
        // ticket offers a fresh quote on seeing the max_taker_fee field.
        if (code === FEE_CAP_REASON) throw new ActionError(REJECTION_HELP[FEE_CAP_REASON]!, { max_taker_fee: REJECTION_HELP[FEE_CAP_REASON]! });
        if (code === "DUPLICATE_CLIENT_ORDER_ID") {
          const sentence = "This quote was already used for a different order. Get a fresh quote and review it again.";
          throw new ActionError(sentence, { client_order_id: sentence });
        }
        // The provider knows no quote under this id (it forgot it, or it came from elsewhere): only a
        // fresh quote helps, and nothing was placed.
        if (code === "INVALID_ORDER" && err.fieldErrors.client_order_id) {
          const sentence = "The provider no longer knows this quote, so nothing was placed. Get a fresh quote and review it again.";
          throw new ActionError(sentence, { client_order_id: sentence });
        }
        // The provider's balance answer is the final word: its sentence goes on the quantity field.
        if (code === "INSUFFICIENT_BALANCE") throw new ActionError(err.userMessage, { quantity: err.userMessage });
      }
      throw err;
    }
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary };
    revalidatePath("/pro/orders");
    const result = r.result as { resourceId?: string; status?: string; rejectionReason?: string | null; replayed?: boolean };
    return {
      outcome: "placed",
      orderId: String(result.resourceId ?? ""),
      status: String(result.status ?? ""),
      rejectionReason: result.rejectionReason ?? null,
      replayed: result.replayed === true,
    };
  },
);
