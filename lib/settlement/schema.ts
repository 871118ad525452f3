/**
 * The merchant's NGN settlement destination: the two values the provider takes, what each does in
 * plain words (spec, "PATCH /v1/merchant/funding/settlement-destination"), and the change form's
 * schema with its typed confirmation, shared by the form and the server action. Client-safe.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";

export const DESTINATIONS = ["USD_BALANCE", "NGN_BALANCE"] as const;
export type Destination = (typeof DESTINATIONS)[number];

export const DESTINATION_INFO: Record<Destination, { label: string; effect: string }> = {
  USD_BALANCE: {
    label: "USD withdrawal balance",
    effect: "Each NGN deposit to your permanent NGN account is converted to USD at the current rate and credited to the USD withdrawal balance.",
  },
  NGN_BALANCE: {
    label: "NGN withdrawal balance",
    effect: "Each NGN deposit to your permanent NGN account is kept in naira, with no conversion, and credited to the NGN withdrawal balance.",
  },
};

export const FUTURE_ONLY = "Only deposits that arrive after the change are affected; existing balances and settled deposits stay as they are.";

export const destinationLabel = (value: string | null | undefined) => (value ? (DESTINATION_INFO[value as Destination]?.label ?? value) : "Not set");

export const confirmationMessage = (destination: string) => `Type ${destination} exactly to confirm the change.`;

const fields = {
  destination: z.enum(DESTINATIONS, { error: "Choose USD withdrawal balance or NGN withdrawal balance." }),
  confirmation: z.string().trim(),
};

function checkConfirmation(v: { destination: string; confirmation: string }, ctx: z.RefinementCtx): void {
  if (v.confirmation !== v.destination) ctx.addIssue({ code: "custom", path: ["confirmation"], message: confirmationMessage(v.destination) });
}

export const settlementFormSchema = z.object(fields).superRefine(checkConfirmation);
export const setSettlementDestinationSchema = withAttemptKey(fields).superRefine(checkConfirmation);

export type SettlementFormValues = z.input<typeof settlementFormSchema>;
/** `pendingApproval`: the change waits for a second person in the Approvals inbox (nothing changed yet). */
export type SetSettlementDestinationResult = { destination: Destination; changed: boolean; pendingApproval?: { approvalId: string; summary: string } };
