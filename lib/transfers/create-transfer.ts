"use server";
/**
 * Sends a transfer, or, above the organization's threshold for transfers in its currency, files it
 * for a second approver. The approvals engine writes the audit row (the send or the request) and
 * reuses the form's attempt key as the idempotency key, so a double click, a reload or a retry after
 * an unknown outcome never pays twice.
 *
 * The recipient is read from the provider here (not taken from the browser), so the currency and
 * the name the approver sees are the provider's. The provider's answer is final: a balance it finds
 * too low is shown on the amount.
 */
import { revalidatePath } from "next/cache";
import { ActionError, defineAction } from "@/lib/server-actions/safe-action";
import type { TransferPayload } from "@/lib/transfers/executor";
import { submitMoneyMovement } from "@/lib/approvals/submit";
import { Decimal } from "@/lib/decimal";
import { createTransferSchema, TRANSFER_UPSTREAM_FIELDS, type CreateTransferResult, type CreateTransferValues } from "@/lib/transfers/schema";
import { payoutCurrency, recipientDestination, recipientName } from "@/lib/transfers/views";
import type { Upstream } from "@/lib/upstream";
import { UpstreamError } from "@/lib/upstream/errors";

type Target = Pick<TransferPayload, "recipient_id" | "destination" | "recipient">;

async function savedRecipient(upstream: Upstream, input: CreateTransferValues): Promise<Target> {
  let r;
  try {
    r = (await upstream.core.getRecipient(input.recipient_id)).data;
  } catch (err) {
    if (err instanceof UpstreamError && err.kind === "not_found") {
      throw new ActionError("Some fields need attention.", { recipient_id: "The provider has no such recipient in this environment. Choose another one." });
    }
    throw err;
  }
  const currency = payoutCurrency(r);
  if (input.currency !== currency) throw new ActionError("Some fields need attention.", { currency: `A transfer to this recipient is paid in ${currency}.` });
  return { recipient_id: r.id, recipient: { name: recipientName(r), destination: recipientDestination(r) } };
}

async function newBankAccount(upstream: Upstream, input: CreateTransferValues): Promise<Target> {
  // The bank's name only labels the request for the approver; the provider checks the code itself.
  const banks = await upstream.core.listBanks();
  const bankName = banks.data.data.find((b) => b.code === input.bank_code)?.name ?? null;
  const bank_account = { account_number: input.account_number, bank_code: input.bank_code, account_name: input.account_name };
  return {
    destination: { type: "BANK_ACCOUNT", bank_account },
    recipient: {
      name: input.account_name,
      destination: recipientDestination({
        type: "BANK_ACCOUNT",
        bank_account: { bank_name: bankName, bank_code: input.bank_code, account_number_last4: input.account_number.slice(-4) },
      }),
    },
  };
}

export const createTransfer = defineAction(
  { name: "transfer.create", permission: "transfer:create", input: createTransferSchema, upstreamFields: TRANSFER_UPSTREAM_FIELDS },
  async ({ input, user, request, upstream }): Promise<CreateTransferResult> => {
    const target = input.recipient_mode === "existing" ? await savedRecipient(upstream, input) : await newBankAccount(upstream, input);
    const payload: TransferPayload = {
      ...target,
      currency: input.currency,
      amount: new Decimal(input.amount).toFixed(2),
      ...(input.reference ? { reference: input.reference } : {}),
    };
    let r;
    try {
      r = await submitMoneyMovement({ kind: "transfer", payload, attemptKey: input.attemptKey, user, environment: user.environment, request });
    } catch (err) {
      if (err instanceof UpstreamError && err.code === "insufficient_balance")
        throw new ActionError("Some fields need attention.", { amount: err.userMessage });
      throw err;
    }
    revalidatePath("/transfers");
    if (r.status === "pending_approval") return { outcome: "pending_approval", approvalId: r.requestId, summary: r.summary, expiresAt: r.expiresAt };
    return {
      outcome: "sent",
      id: String(r.result.resourceId ?? ""),
      status: String(r.result.status ?? "PROCESSING"),
      replayed: r.result.replayed === true,
      summary: r.summary,
    };
  },
);
