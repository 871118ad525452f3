/**
 * The settlement destination change form's schema with its typed confirmation, shared by the form
 * (fetched at the first input) and the server action. Client-safe. The values are in `values.ts`.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { confirmationMessage, DESTINATIONS, type Destination } from "./values";

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
