"use server";
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/actions/safe-action";
import { db } from "@/lib/db";
import { CREATE_UPSTREAM_FIELDS, createFundingAccountSchema, toCreateBody } from "@/lib/funding-accounts/schema";
import { confirmSlot, quotaFullMessage, releaseSlot, reserveSlot } from "@/lib/funding-accounts/quota";
import { checkTemporaryNgnAmount, confirmPayoutAccountName } from "@/lib/funding-accounts/server-checks";
import { UpstreamError } from "@/lib/upstream/errors";

export type CreateFundingAccountResult = { status: "created"; id: string; replayed: boolean } | { status: "frozen"; message: string };

/**
 * Opens a funding account with the provider. The form's attempt key is the idempotency key, so a
 * double click or a retry never opens two accounts. A frozen merchant is answered as a result of its
 * own (not a form error): the page shows a banner and disables the form, since no field can fix it.
 * Each creation takes a slot of the provider's daily quota first (lib/funding-accounts/quota.ts):
 * at the limit the provider is not asked at all.
 */
export const createFundingAccount = defineAction(
  { name: "create-funding-account", permission: "funding:create", input: createFundingAccountSchema, upstreamFields: CREATE_UPSTREAM_FIELDS },
  async ({ input, user, attempt, upstream, audit }): Promise<CreateFundingAccountResult> => {
    // The browser's minimum and account name are checked again against the provider's answers now.
    await checkTemporaryNgnAmount(upstream, input);
    await confirmPayoutAccountName(upstream, input);
    const body = toCreateBody(input);
    const slot = await reserveSlot({ organizationId: user.organizationId, environment: user.environment, attemptKey: input.attemptKey, userId: user.id });
    if (!slot.ok) throw new ActionError(quotaFullMessage(slot.usage.limit));
    let created;
    try {
      created = await upstream.core.createFundingAccount(body, attempt!);
    } catch (err) {
      // Only a refusal, or a request that never left, certainly created nothing; anything else may have.
      if (err instanceof UpstreamError && (err.outcome === "refused" || err.outcome === "not_sent")) await releaseSlot(slot.slotId);
      if (err instanceof UpstreamError && err.kind === "frozen") return { status: "frozen", message: err.userMessage };
      throw err;
    }
    const account = created.data;
    const replayed = created.replayed ?? false;
    await confirmSlot(slot.slotId, account.id);
    // A replayed attempt was audited when it first went through.
    if (!replayed) {
      await db.$transaction((tx) =>
        audit(tx, {
          action: "funding_account.created",
          targetType: "funding_account",
          targetId: account.id,
          environment: user.environment,
          after: { type: account.type, rail: account.rail, status: account.status, customer_id: account.customer_id ?? null, currency: account.currency ?? null, amount: account.amount ?? null, settlement_destination: body.settlement_destination },
        }),
      );
    }
    revalidatePath("/funding-accounts");
    return { status: "created", id: account.id, replayed };
  },
);
