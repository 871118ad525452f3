/**
 * The Coins forms' schemas, shared by the forms (browser), the server actions and the approval
 * executors, so every rule is checked before anything is sent or stored for approval. Client-safe.
 */
import { z } from "zod";
import { LABEL_MAX } from "@/lib/coins/order-values";
import { compareDecimals } from "@/lib/money";
import { withAttemptKey } from "@/lib/upstream/attempt";

// The order figures live in a zod-free module the order form imports; here for the server action.
export { amountAsset, belowMinimum, LABEL_MAX, orderFee, quoteValue } from "@/lib/coins/order-values";

const PLAIN = /^\d{1,20}(\.\d{1,18})?$/;

/** A positive plain decimal (no sign, exponent or grouping), at most 18 decimals. */
const positiveDecimal = (what: string) =>
  z
    .string({ error: `Enter ${what}.` })
    .trim()
    .min(1, { error: `Enter ${what}.` })
    .regex(PLAIN, { error: "Enter a plain number such as 1500 or 0.025, without commas." })
    // Zod runs every check, so this one skips what the pattern already refused.
    .refine((v) => !PLAIN.test(v) || compareDecimals(v, 0) > 0, { error: "Enter an amount above zero." });

const uuid = z.uuid({ error: "Choose one of the listed items." });

// ---- orders ----

export const orderFormSchema = z.object({
  side: z.enum(["buy", "sell"], { error: "Choose buy or sell." }),
  /** "BTC-NGN": base and quote symbols. */
  market: z
    .string({ error: "Choose a market." })
    .trim()
    .regex(/^[A-Z0-9]{2,12}-[A-Z0-9]{2,12}$/, { error: "Choose a market." }),
  amount: positiveDecimal("the amount"),
});
export type OrderFormValues = z.input<typeof orderFormSchema>;
export const placeOrderSchema = withAttemptKey(orderFormSchema.shape);

export const cancelOrderSchema = withAttemptKey({ id: uuid });

/** Placed at once, or waiting for a second approver in the Approvals inbox. */
export type PlaceOrderResult =
  | { outcome: "placed"; id: string; status: string; replayed: boolean }
  | { outcome: "pending_approval"; approvalId: string; summary: string };

// ---- saved addresses ----

export const addressFormSchema = z.object({
  asset: z.string({ error: "Choose the asset." }).trim().min(1, { error: "Choose the asset." }),
  chain: z.string({ error: "Choose the chain." }).trim().min(1, { error: "Choose the chain." }),
  address: z
    .string({ error: "Enter the address." })
    .trim()
    .min(1, { error: "Enter the address." })
    .max(128, { error: "An address has at most 128 characters." }),
  label: z
    .string()
    .trim()
    .max(LABEL_MAX, { error: `Keep the label to ${LABEL_MAX} characters.` }),
});
export type AddressFormValues = z.input<typeof addressFormSchema>;
export const createAddressSchema = withAttemptKey(addressFormSchema.shape);

/** An empty label clears it (the spec's rule), so "" is a valid value. */
export const addressLabelSchema = z.object({
  label: z
    .string({ error: "Enter a label, or leave it empty to clear it." })
    .trim()
    .max(LABEL_MAX, { error: `Keep the label to ${LABEL_MAX} characters.` }),
});
export const renameAddressSchema = withAttemptKey({ id: uuid, ...addressLabelSchema.shape });

// ---- withdrawals ----

export const cryptoWithdrawalFormSchema = z.object({
  address_id: z.uuid({ error: "Choose a saved address." }),
  amount: positiveDecimal("the amount to send"),
});
export type CryptoWithdrawalFormValues = z.input<typeof cryptoWithdrawalFormSchema>;
export const createCryptoWithdrawalSchema = withAttemptKey(cryptoWithdrawalFormSchema.shape);

/** What is stored on an approval request and sent: the provider's fields plus the address for the approver to read. */
export const cryptoWithdrawalPayloadSchema = z
  .object({
    address_id: z.uuid(),
    asset: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{2,12}$/),
    chain: z.string().trim().min(1),
    amount: positiveDecimal("the amount to send"),
    address: z.string().trim().min(1),
    label: z.string().trim().max(LABEL_MAX).optional(),
  })
  .strict();
export type CryptoWithdrawalPayload = z.output<typeof cryptoWithdrawalPayloadSchema>;

const ngnAmount = positiveDecimal("the amount in naira").refine((v) => !v.includes(".") || v.split(".")[1]!.length <= 2, {
  error: "Enter naira with at most two decimals, for example 25000.00.",
});

export const fiatWithdrawalFormSchema = z.object({
  amount: ngnAmount,
  bank_code: z.string({ error: "Choose the bank." }).trim().min(1, { error: "Choose the bank." }),
  account_number: z
    .string({ error: "Enter the 10-digit account number." })
    .trim()
    .regex(/^\d{10}$/, { error: "Enter the 10-digit account number (NUBAN)." }),
  narration: z.string().trim().max(100, { error: "Keep the narration to 100 characters." }),
});
export type FiatWithdrawalFormValues = z.input<typeof fiatWithdrawalFormSchema>;
export const createFiatWithdrawalSchema = withAttemptKey(fiatWithdrawalFormSchema.shape);

export const fiatWithdrawalPayloadSchema = z
  .object({
    currency: z.literal("NGN"),
    amount: ngnAmount,
    bank_code: fiatWithdrawalFormSchema.shape.bank_code,
    account_number: fiatWithdrawalFormSchema.shape.account_number,
    narration: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type FiatWithdrawalPayload = z.output<typeof fiatWithdrawalPayloadSchema>;

/** What a withdrawal action answers: sent at once, or waiting for a second approver. */
export type CoinsWithdrawalResult = { outcome: "sent"; id: string; replayed: boolean } | { outcome: "pending_approval"; approvalId: string; summary: string };
