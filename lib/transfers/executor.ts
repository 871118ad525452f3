/**
 * Approval kind `transfer`: a payout to a saved recipient or to a new NGN bank account given inline
 * (`POST /v1/transfers`). Sent with the request's attempt key, so an approval retried after an
 * unknown outcome is a ledger retry (the same X-Idempotency-Key), never a second payout.
 *
 * `recipient` is the name and masked destination the requester saw, kept for the approver's
 * summary only; it is never sent.
 */
import "server-only";
import { z } from "zod";
import { defineExecutor } from "@/lib/approvals/executor-registry";
import { formatMoney } from "@/lib/money";
import { TRANSFER_CURRENCIES } from "@/lib/transfers/schema";

const bankDestination = z
  .object({
    type: z.literal("BANK_ACCOUNT"),
    bank_account: z
      .object({ account_number: z.string().regex(/^\d{10}$/), bank_code: z.string().regex(/^\d{3,6}$/), account_name: z.string().min(1).max(256) })
      .strict(),
  })
  .strict();

export const transferPayload = z
  .object({
    recipient_id: z.uuid().optional(),
    destination: bankDestination.optional(),
    currency: z.enum(TRANSFER_CURRENCIES),
    amount: z.string().regex(/^\d{1,15}\.\d{2}$/),
    reference: z.string().min(1).max(64).optional(),
    recipient: z.object({ name: z.string().min(1).max(200), destination: z.string().max(200) }).strict(),
  })
  .strict()
  .refine((p) => (p.recipient_id === undefined) !== (p.destination === undefined), {
    error: "Send to a saved recipient or a new bank account, not both.",
    path: ["recipient_id"],
  });
export type TransferPayload = z.output<typeof transferPayload>;

export function describeTransfer(p: Pick<TransferPayload, "amount" | "currency" | "recipient">): string {
  const to = p.recipient.destination ? `${p.recipient.name}, ${p.recipient.destination}` : p.recipient.name;
  return `Transfer ${formatMoney(p.amount, p.currency)} to ${to}`;
}

export const transfer = defineExecutor("transfer", {
  label: "Transfer",
  payloadSchema: transferPayload,
  describe: (p) => ({ summary: describeTransfer(p), amount: p.amount, currency: p.currency }),
  execute: async ({ upstream, payload, attemptKey, userId }) => {
    const { recipient: _shown, ...body } = payload;
    const r = await upstream.core.createTransfer(body, { attemptKey, userId });
    const t = r.data;
    return {
      resourceId: t.id,
      status: String(t.status),
      debitAmount: t.debit_amount ?? null,
      debitCurrency: t.debit_currency ?? null,
      fee: t.fee ?? null,
      replayed: r.replayed ?? false,
    };
  },
});
