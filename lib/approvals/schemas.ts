/**
 * Input schemas of the approval actions, shared by their forms and the server. Client-safe.
 */
import { z } from "zod";

export { APPROVAL_STATUSES, type ApprovalStatus, STATUS_LABEL, VELOCITY_SCOPE_LABEL } from "./filters";

const requestId = z.uuid({ error: "This request could not be found. Reload the page." });

export const approveRequestSchema = z.object({
  requestId,
  note: z.string().trim().max(500, { error: "Keep the note under 500 characters." }).optional(),
});

export const rejectRequestSchema = z.object({
  requestId,
  reason: z
    .string({ error: "Say why you are rejecting it." })
    .trim()
    .min(3, { error: "Say why you are rejecting it." })
    .max(500, { error: "Keep the reason under 500 characters." }),
});

export const cancelRequestSchema = z.object({ requestId });
export const retryRequestSchema = z.object({ requestId });

/** Currency codes as the provider writes them: ISO codes and asset symbols, upper case. */
const currency = z
  .string({ error: "Enter a currency code such as USD." })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,12}$/, { error: "Enter a currency code such as USD or NGN." });

/** A non-negative decimal string with at most 18 decimals; group separators are dropped. */
export const thresholdAmount = z
  .string({ error: "Enter an amount." })
  .trim()
  .transform((s) => s.replace(/[,\s_]/g, ""))
  .pipe(z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, { error: "Enter an amount of 0 or more, such as 1000 or 1500000.50." }));

export const setApprovalThresholdSchema = z
  .object({
    currency,
    /** A registered kind, or "*" for every kind without a threshold of its own. */
    kind: z
      .string()
      .trim()
      .regex(/^(\*|[a-z][a-z0-9_]{1,40})$/, { error: "Choose what the limit applies to." })
      .default("*"),
    /** Empty when removing. */
    amount: z.string().optional(),
    /** Remove the threshold: that currency (and kind) then needs approval for every amount. */
    remove: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    if (v.remove) return { currency: v.currency, kind: v.kind, remove: true as const };
    const amount = thresholdAmount.safeParse(v.amount ?? "");
    if (!amount.success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: amount.error.issues[0]?.message ?? "Enter an amount." });
      return z.NEVER;
    }
    return { currency: v.currency, kind: v.kind, remove: false as const, amount: amount.data };
  });
export type SetApprovalThresholdInput = z.input<typeof setApprovalThresholdSchema>;

export const setVelocityLimitSchema = z
  .object({
    currency,
    scope: z.enum(["organization", "requester"], { error: "Choose whose total the limit applies to." }),
    /** Empty when removing. */
    amount: z.string().optional(),
    /** Remove the limit: payments in that currency are then judged by the per-payment threshold only. */
    remove: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    if (v.remove) return { currency: v.currency, scope: v.scope, remove: true as const };
    const amount = thresholdAmount.safeParse(v.amount ?? "");
    if (!amount.success) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: amount.error.issues[0]?.message ?? "Enter an amount." });
      return z.NEVER;
    }
    return { currency: v.currency, scope: v.scope, remove: false as const, amount: amount.data };
  });
export type SetVelocityLimitInput = z.input<typeof setVelocityLimitSchema>;

/** One currency's use of its 24-hour limits, for the forms' line (loadVelocityUsage). */
export interface VelocityUsage {
  currency: string;
  organization: { used: string; limit: string } | null;
  requester: { used: string; limit: string } | null;
}
