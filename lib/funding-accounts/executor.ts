/**
 * Approval kind `funding_account_create`: a funding account whose deposits settle outside the
 * internal balance, to an on-chain address or an NGN payout account (`POST /v1/funding-accounts`).
 * Opening it decides where the customer's deposits go, so it always needs a second person; the
 * approver reads the destination with its resolved holder name (or the address and chain). An
 * account that settles to the internal balance is opened at once and never filed here.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { withQuotaSlot } from "@/lib/funding-accounts/quota";
import { describeDestination, settlementShown } from "@/lib/settlement/destination";

export const fundingAccountCreatePayload = z
  .object({
    /** The provider's body, exactly as toCreateBody built it from the checked form. */
    body: z.record(z.string(), z.unknown()),
    /** "Temporary NGN bank account for <customer id>", for the approver. */
    account: z.string().min(1).max(200),
    shown: settlementShown,
  })
  .strict();

export const fundingAccountCreate = defineExecutor("funding_account_create", {
  label: "Funding account (external settlement)",
  payloadSchema: fundingAccountCreatePayload,
  alwaysNeedsApproval: () => true,
  describe: (p) => ({ summary: `Open a ${p.account} whose deposits settle to ${describeDestination(p.shown)}`, amount: "0", currency: p.shown.currency }),
  execute: async ({ upstream, payload, attemptKey, userId, organizationId, environment }) => {
    // Sent later than it was asked: the day's quota is checked and held now, as for a form sent at once.
    const { r } = await withQuotaSlot({ organizationId, environment, attemptKey, userId }, async () => {
      const r = await upstream.core.createFundingAccount(payload.body, { attemptKey, userId });
      return { id: r.data.id, r };
    });
    return { resourceId: r.data.id, status: String(r.data.status ?? ""), replayed: r.replayed ?? false };
  },
  detailHref: (id) => `/funding-accounts/${id}`,
});
