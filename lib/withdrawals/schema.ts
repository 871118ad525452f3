/**
 * The withdrawal form's schema, shared by the form (browser), the server action and the approval
 * executor, so every rule is checked before anything is sent or stored for approval: an amount in
 * USD with cents, an enabled token and chain, and an address of that chain's family. Client-safe.
 */
import { z } from "zod";
import { usdAmount } from "@/lib/balances/move-schema";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { addressProblem } from "./address";
import { isEnabledRail, WITHDRAWAL_RAILS } from "./rails";

export { WITHDRAWAL_STATUSES } from "@/lib/upstream/schemas/core";

export const MESSAGES = {
  amount: "Enter the amount to withdraw, in US dollars.",
  token: "Choose the token to send.",
  chain: "Choose the chain to send on.",
  rail: `This token and chain are not enabled for withdrawals. Enabled: ${WITHDRAWAL_RAILS.map((r) => `${r.token} on ${r.chain}`).join(", ")}.`,
} as const;

const amount = z.string().trim().min(1, { error: MESSAGES.amount }).pipe(usdAmount);

const fields = {
  amount,
  token: z.string().trim().min(1, { error: MESSAGES.token }),
  chain: z.string().trim().min(1, { error: MESSAGES.chain }),
  destination_address: z.string().trim(),
};

type Checked = { token: string; chain: string; destination_address: string };

function checkRailAndAddress(v: Checked, ctx: z.RefinementCtx): void {
  if (!v.token || !v.chain) return; // already reported on the empty field
  if (!isEnabledRail(v.token, v.chain)) {
    ctx.addIssue({ code: "custom", path: ["chain"], message: MESSAGES.rail });
    return;
  }
  const problem = addressProblem(v.chain, v.destination_address);
  if (problem) ctx.addIssue({ code: "custom", path: ["destination_address"], message: problem });
}

export const withdrawalFormSchema = z.object(fields).superRefine(checkRailAndAddress);
export const createWithdrawalSchema = withAttemptKey(fields).superRefine(checkRailAndAddress);

export type WithdrawalFormValues = z.input<typeof withdrawalFormSchema>;

/** What is sent to the provider (and stored on an approval request): its own field names. */
export const withdrawalPayloadSchema = z
  .object({ amount_usd: usdAmount, token: fields.token, chain: fields.chain, destination_address: fields.destination_address })
  .strict()
  .superRefine(checkRailAndAddress);
export type WithdrawalPayload = z.output<typeof withdrawalPayloadSchema>;

/** Provider field names -> the form's, so the provider's field errors land on the right control. */
export const WITHDRAWAL_UPSTREAM_FIELDS: Record<string, string> = { amount_usd: "amount" };

/** What the action answers: sent at once, or waiting for a second approver. */
export type CreateWithdrawalResult = { outcome: "sent"; id: string; replayed: boolean } | { outcome: "pending_approval"; approvalId: string; summary: string };
