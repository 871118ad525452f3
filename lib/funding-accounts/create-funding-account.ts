"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { db } from "@/lib/db";
import { CREATE_UPSTREAM_FIELDS, createFundingAccountSchema, toCreateBody } from "@/lib/funding-accounts/schema";
import { QuotaFullError, quotaFullMessage, readQuota, withQuotaSlot } from "@/lib/funding-accounts/quota";
import { checkTemporaryNgnAmount, confirmPayoutAccountName } from "@/lib/funding-accounts/server-checks";
import { isExternal, shownFor } from "@/lib/settlement/destination";
import { UpstreamError } from "@/lib/upstream/errors";

export type CreateFundingAccountResult =
  | { status: "created"; id: string; replayed: boolean }
  | { status: "frozen"; message: string }
  | { status: "pending_approval"; approvalId: string; summary: string };

/**
 * Opens a funding account with the provider. The form's attempt key is the idempotency key, so a
 * double click or a retry never opens two accounts. A frozen merchant is answered as a result of its
 * own (not a form error): the page shows a banner and disables the form, since no field can fix it.
 * Each creation takes a slot of the provider's daily quota first (lib/funding-accounts/quota.ts):
 * at the limit the provider is not asked at all.
 */
export const createFundingAccount = defineAction(
  { name: "create-funding-account", permission: "funding:create", input: createFundingAccountSchema, upstreamFields: CREATE_UPSTREAM_FIELDS },
  async ({ input, user, attempt, upstream, audit, request }): Promise<CreateFundingAccountResult> => {
    // The browser's minimum and account name are checked again against the provider's answers now.
    await checkTemporaryNgnAmount(upstream, input);
    await confirmPayoutAccountName(upstream, input);
    const body = toCreateBody(input);
    // Deposits settling outside the merchant (an address or a payout account) wait for a second
    // person, who sees where they will go; the internal balance opens at once.
    if (isExternal(input.settlement_type)) {
      const account = `${input.type === "TEMPORARY" ? "temporary" : "permanent"} ${input.rail === "NGN_VIRTUAL_ACCOUNT" ? "NGN bank account" : `${input.asset} address on ${input.chain}`} for customer ${input.customer_id.slice(0, 8)}`;
      // A full day is said now; the approver's send holds its own slot (lib/funding-accounts/executor.ts).
      const today = await readQuota({ organizationId: user.organizationId, environment: user.environment });
      if (today.level === "full") throw new ActionError(quotaFullMessage(today.limit));
      const p = await submitMoneyMovement({
        kind: "funding_account_create",
        payload: { body, account, shown: shownFor(input) },
        attemptKey: input.attemptKey,
        user,
        environment: user.environment,
        request,
      });
      if (p.status === "pending_approval") return { status: "pending_approval", approvalId: p.requestId, summary: p.summary };
      revalidatePath("/funding-accounts");
      return { status: "created", id: String(p.result.resourceId ?? ""), replayed: p.result.replayed === true };
    }
    let created;
    try {
      created = await withQuotaSlot(
        { organizationId: user.organizationId, environment: user.environment, attemptKey: input.attemptKey, userId: user.id },
        async () => {
          const r = await upstream.core.createFundingAccount(body, attempt!);
          return { id: r.data.id, r };
        },
      );
    } catch (err) {
      if (err instanceof QuotaFullError) throw new ActionError(err.message);
      if (err instanceof UpstreamError && err.kind === "frozen") return { status: "frozen", message: err.userMessage };
      throw err;
    }
    const account = created.r.data;
    const replayed = created.r.replayed ?? false;
    // A replayed attempt was audited when it first went through.
    if (!replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "funding_account.created",
          targetType: "funding_account",
          targetId: account.id,
          environment: user.environment,
          after: {
            type: account.type,
            rail: account.rail,
            status: account.status,
            customer_id: account.customer_id ?? null,
            currency: account.currency ?? null,
            amount: account.amount ?? null,
            settlement_destination: body.settlement_destination,
          },
        }),
      );
    }
    revalidatePath("/funding-accounts");
    return { status: "created", id: account.id, replayed };
  },
);
