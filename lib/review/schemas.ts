/** Inputs of the review and outbound-webhook actions, shared by the forms and the server. Client-safe. */
import { z } from "zod";
import { DECISIONS } from "./flags";

export const recordReviewDecisionSchema = z.object({
  depositId: z.string().trim().min(1, { error: "Choose a deposit." }).max(100),
  decision: z.enum(DECISIONS, { error: "Choose a decision." }),
  reason: z
    .string()
    .trim()
    .min(10, { error: "Say why in at least 10 characters; the second approver and the audit trail read it." })
    .max(2000, { error: "Keep the reason under 2,000 characters." }),
});
export type RecordReviewDecisionInput = z.input<typeof recordReviewDecisionSchema>;

export const confirmReviewDecisionSchema = z.object({
  decisionId: z.uuid({ error: "Unknown decision. Reload the page." }),
  note: z.string().trim().max(2000, { error: "Keep the note under 2,000 characters." }).optional(),
});
export type ConfirmReviewDecisionInput = z.input<typeof confirmReviewDecisionSchema>;

export const rejectReviewDecisionSchema = z.object({
  decisionId: z.uuid({ error: "Unknown decision. Reload the page." }),
  note: z.string().trim().min(5, { error: "Say why in a few words; the requester reads it." }).max(2000, { error: "Keep the note under 2,000 characters." }),
});
export type RejectReviewDecisionInput = z.input<typeof rejectReviewDecisionSchema>;

export const setOutboundWebhookSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, { error: "Enter the address of your system's endpoint." })
    .max(2000, { error: "Keep the address under 2,000 characters." })
    .refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: "Enter a full http:// or https:// address without a user name or password in it." },
    ),
  enabled: z.boolean().default(true),
  /** Generate a new signing secret (always done when none exists yet). */
  newSecret: z.boolean().default(false),
});
export type SetOutboundWebhookInput = z.input<typeof setOutboundWebhookSchema>;

export const redeliverOutboundSchema = z.object({ deliveryId: z.uuid({ error: "Unknown delivery. Reload the page." }) });
