"use server";
/**
 * Sets where future NGN deposits to the merchant's permanent NGN account settle (admins only). The
 * provider is asked for the current setting first, so the audit row's "before" is the provider's,
 * not what the browser showed. The provider refuses NGN_BALANCE without an active NGN account; its
 * reason is the form's sentence.
 *
 * Keeping deposits in naira (NGN_BALANCE) changes what every later deposit becomes, so a second
 * person approves it in the Approvals inbox; the approval sends it with this form's attempt key.
 * Going back to the provider's default (USD_BALANCE) tightens, and applies at once.
 */
import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { db } from "@/lib/db";
import { setSettlementDestinationSchema, type SetSettlementDestinationResult } from "@/lib/settlement/schema";

export const setSettlementDestination = defineAction(
  {
    name: "settlement.set-destination",
    permission: "settings:manage",
    input: setSettlementDestinationSchema,
    upstreamFields: { ngn_settlement_destination: "destination" },
  },
  async ({ input, user, attempt, upstream, audit, request }): Promise<SetSettlementDestinationResult> => {
    const before = (await upstream.core.getMerchantFunding({ cache: false })).data.data.ngn_settlement_destination ?? null;
    if (before === input.destination) return { destination: input.destination, changed: false };
    if (input.destination !== "USD_BALANCE") {
      const p = await submitMoneyMovement({
        kind: "merchant_settlement",
        payload: { ngn_settlement_destination: input.destination, before },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
      revalidatePath("/settings/settlement");
      if (p.status === "pending_approval")
        return { destination: input.destination, changed: false, pendingApproval: { approvalId: p.requestId, summary: p.summary } };
      return { destination: input.destination, changed: true };
    }
    const r = await upstream.core.setNgnSettlementDestination({ ngn_settlement_destination: input.destination }, attempt!);
    const after = r.data.data.ngn_settlement_destination ?? input.destination;
    await db.$transaction((tx) =>
      audit(tx, {
        action: "merchant_funding.settlement_destination_changed",
        targetType: "merchant_funding",
        targetId: r.data.data.id ?? null,
        environment: user.environment,
        before: { ngn_settlement_destination: before },
        after: { ngn_settlement_destination: after },
      }),
    );
    revalidatePath("/settings/settlement");
    return { destination: input.destination, changed: true };
  },
);
