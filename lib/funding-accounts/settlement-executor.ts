/**
 * Approval kind `funding_account_settlement`: a permanent funding account's deposits settle to an
 * on-chain address or an NGN payout account from now on (`PATCH /v1/funding-accounts/{id}/settlement-destination`).
 * It has no amount: it decides where every later deposit goes, so it always needs a second
 * person. The approver reads the new destination with the holder name the bank resolved (or the
 * address and chain). Moving back to the internal balance tightens, so that is never filed here.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { describeDestination, settlementBody, settlementShown } from "@/lib/settlement/destination";

export const fundingAccountSettlementPayload = z
  .object({ funding_account_id: z.uuid(), account: z.string().min(1).max(200), body: settlementBody, shown: settlementShown })
  .strict();

export const fundingAccountSettlement = defineExecutor("funding_account_settlement", {
  label: "Funding account settlement",
  payloadSchema: fundingAccountSettlementPayload,
  alwaysNeedsApproval: () => true,
  describe: (p) => ({ summary: `Settle future deposits to ${p.account} to ${describeDestination(p.shown)}`, amount: "0", currency: p.shown.currency }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const r = await upstream.core.updateFundingAccountSettlement(payload.funding_account_id, payload.body, { attemptKey, userId });
    return { resourceId: r.data.id, status: String(r.data.status ?? ""), replayed: r.replayed ?? false };
  },
  detailHref: (id) => `/funding-accounts/${id}`,
});
