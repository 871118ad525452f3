/**
 * Approval kind `merchant_settlement`: future NGN deposits to the merchant's permanent NGN account
 * are kept in naira (`PATCH /v1/merchant/funding/settlement-destination` with NGN_BALANCE). It
 * changes what every later deposit becomes, so it always needs a second person; going back to
 * the provider's default (USD_BALANCE) applies at once and is never filed here.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { destinationLabel } from "@/lib/settlement/values";

export const merchantSettlementPayload = z.object({ ngn_settlement_destination: z.literal("NGN_BALANCE"), before: z.string().max(40).nullable() }).strict();

export const merchantSettlement = defineExecutor("merchant_settlement", {
  label: "Merchant NGN settlement",
  payloadSchema: merchantSettlementPayload,
  alwaysNeedsApproval: () => true,
  describe: (p) => ({
    summary: `Settle future NGN deposits to the ${destinationLabel(p.ngn_settlement_destination)} (now: ${destinationLabel(p.before)})`,
    amount: "0",
    currency: "NGN",
  }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.core.setNgnSettlementDestination({ ngn_settlement_destination: payload.ngn_settlement_destination }, { attemptKey, userId });
    return { resourceId: r.data.data.id ?? undefined, status: String(r.data.data.ngn_settlement_destination ?? payload.ngn_settlement_destination) };
  },
});
