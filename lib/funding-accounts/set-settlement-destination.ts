"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction, zodFieldErrors } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { db } from "@/lib/db";
import { SETTLEMENT_UPSTREAM_FIELDS, settlementFormSchema, toSettlementBody, updateSettlementSchema } from "@/lib/funding-accounts/schema";
import type { Rail } from "@/lib/funding-accounts/options";
import { confirmPayoutAccountName } from "@/lib/funding-accounts/server-checks";
import { isExternal, shownFor } from "@/lib/settlement/destination";

/** `pendingApproval`: the new destination waits for a second person; deposits still settle as before. */
export type SetAccountSettlementResult = { id: string; replayed: boolean; pendingApproval?: { approvalId: string; summary: string } };

/**
 * Changes where a permanent, active customer account's future deposits settle. The rules are
 * checked against the account as the provider has it now (not what the browser says its rail is),
 * an NGN payout account's holder is looked up again and must be the name the person confirmed, and
 * the audit row keeps the destination before and after. A new on-chain address or NGN payout
 * account goes through the approvals engine (a second person approves it, any amount).
 */
export const setAccountSettlementDestination = defineAction(
  { name: "update-settlement-destination", permission: "funding:create", input: updateSettlementSchema, upstreamFields: SETTLEMENT_UPSTREAM_FIELDS },
  async ({ input, user, attempt, upstream, audit, request }): Promise<SetAccountSettlementResult> => {
    const current = (await upstream.core.getFundingAccount(input.funding_account_id, { cache: false })).data;
    if (current.type !== "PERMANENT" || current.status !== "ACTIVE" || !current.customer_id) {
      throw new ActionError("Only permanent, active customer accounts can change where deposits settle. Reload the page to see this account's status.");
    }
    const rail = current.rail as Rail;
    const asset = current.asset ?? current.currency ?? "";
    const checked = settlementFormSchema(rail, asset).safeParse(input);
    if (!checked.success) throw new ActionError("Some fields need attention.", zodFieldErrors(checked.error));
    // Deposits will be paid to this account: the holder must be the one the person confirmed.
    await confirmPayoutAccountName(upstream, checked.data);
    const body = toSettlementBody(rail, asset, checked.data);
    // Deposits leaving the merchant (an address or a payout account) wait for a second person, who
    // sees the destination and its resolved holder; back to the internal balance applies at once.
    if (isExternal(checked.data.settlement_type)) {
      const p = await submitMoneyMovement({
        kind: "funding_account_settlement",
        payload: {
          funding_account_id: current.id,
          account: `the ${rail === "NGN_VIRTUAL_ACCOUNT" ? "NGN bank" : `${asset} ${current.chain ?? ""}`.trim()} account ${current.id.slice(0, 8)}`,
          body,
          shown: shownFor(checked.data),
        },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
      revalidatePath(`/funding-accounts/${current.id}`);
      if (p.status === "pending_approval") return { id: current.id, replayed: false, pendingApproval: { approvalId: p.requestId, summary: p.summary } };
      return { id: current.id, replayed: p.result.replayed === true };
    }
    const r = await upstream.core.updateFundingAccountSettlement(current.id, body, attempt!);
    if (!r.replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "funding_account.settlement_changed",
          targetType: "funding_account",
          targetId: current.id,
          environment: user.environment,
          before: current.settlement_destination ?? null,
          after: r.data.settlement_destination ?? body,
        }),
      );
    }
    revalidatePath(`/funding-accounts/${current.id}`);
    return { id: current.id, replayed: r.replayed ?? false };
  },
);
