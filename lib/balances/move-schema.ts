/**
 * The balance-move form's schema, shared by the form (browser) and the action (server). Client-safe.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";

/** USD with at most two decimals, above zero: what the provider takes as `amount_usd`. */
export const usdAmount = z
  .string()
  .trim()
  .min(1, { error: "Enter the amount to move." })
  .regex(/^\d+(\.\d{1,2})?$/, { error: "Enter an amount in US dollars with at most two decimals, for example 2500.00." })
  .refine((v) => /[1-9]/.test(v), { error: "Enter an amount above zero." })
  .refine((v) => v.split(".")[0]!.replace(/^0+/, "").length <= 15, { error: "This amount is too large." });

export const moveBalanceSchema = withAttemptKey({ amount: usdAmount });

export type MoveBalanceInput = z.input<typeof moveBalanceSchema>;

/** What the action answers: moved at once, or waiting for a second approver. */
export type MoveBalanceResult =
  | { outcome: "moved"; id: string; amount: string; status: string; createdAt: string | null; balance: BalanceFigures | null; replayed: boolean }
  | { outcome: "pending_approval"; approvalId: string; amount: string; summary: string };

export interface BalanceFigures {
  collectionUsd: string;
  withdrawalUsd: string;
  withdrawalNgn: string | null;
  updatedAt: string | null;
}
