/**
 * The transfer form's schema, shared by the form (browser) and the server action, so every rule is
 * checked before anything is sent. Client-safe: no server imports.
 *
 * A transfer goes to a saved recipient, or to a new NGN bank account given inline (the provider
 * stores it as a recipient). The currency is the recipient's payout currency.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";

export const RECIPIENT_MODES = ["existing", "new"] as const;
export const TRANSFER_CURRENCIES = ["NGN", "USD", "USDC", "USDT"] as const;
export type RecipientMode = (typeof RECIPIENT_MODES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MESSAGES = {
  mode: "Choose a saved recipient or a new bank account.",
  recipient: "Choose who receives the money.",
  bankCode: "Choose the recipient's bank.",
  accountNumber: "Enter the 10-digit account number.",
  accountNotResolved: "Look up the account and confirm its name before sending.",
  currency: "The currency is set by the recipient. Choose a recipient first.",
  newNeedsNgn: "A new bank account is paid in NGN.",
  amountRequired: "Enter the amount to send.",
  amountFormat: "Enter an amount with at most two decimals, for example 25000.00.",
  amountZero: "Enter an amount above zero.",
  amountTooLarge: "This amount is too large.",
  reference: "Use at most 64 characters for the reference.",
} as const;

const blank = z.string().trim().optional().default("");

export const transferFields = {
  recipient_mode: z.enum(RECIPIENT_MODES, { error: MESSAGES.mode }),
  recipient_id: blank,
  bank_code: blank,
  account_number: blank,
  /** The name the provider resolved for bank_code + account_number; the user has seen and confirmed it. */
  account_name: blank,
  currency: z.enum(TRANSFER_CURRENCIES, { error: MESSAGES.currency }),
  amount: z
    .string()
    .trim()
    .min(1, { error: MESSAGES.amountRequired })
    .regex(/^\d+(\.\d{1,2})?$/, { error: MESSAGES.amountFormat })
    .refine((v) => /[1-9]/.test(v), { error: MESSAGES.amountZero })
    .refine((v) => v.split(".")[0]!.replace(/^0+/, "").length <= 15, { error: MESSAGES.amountTooLarge }),
  reference: blank.pipe(z.string().max(64, { error: MESSAGES.reference })),
};

type Values = z.output<z.ZodObject<typeof transferFields>>;
const issue = (ctx: z.RefinementCtx, path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });

function checkTransfer(v: Values, ctx: z.RefinementCtx) {
  if (v.recipient_mode === "existing") {
    if (!UUID.test(v.recipient_id)) issue(ctx, "recipient_id", MESSAGES.recipient);
    return;
  }
  if (!/^\d{3,6}$/.test(v.bank_code)) issue(ctx, "bank_code", MESSAGES.bankCode);
  if (!/^\d{10}$/.test(v.account_number)) issue(ctx, "account_number", MESSAGES.accountNumber);
  // On the name, not the number, so it waits for submit instead of moving the look-up button.
  else if (v.account_name === "") issue(ctx, "account_name", MESSAGES.accountNotResolved);
  if (v.currency !== "NGN") issue(ctx, "currency", MESSAGES.newNeedsNgn);
}

export const createTransferSchema = withAttemptKey(transferFields).superRefine(checkTransfer);
/** The same rules without the attempt key, for the browser form (the key is added at submit). */
export const transferFormSchema = z.object(transferFields).superRefine(checkTransfer);
export type TransferFormValues = z.input<typeof transferFormSchema>;
export type CreateTransferInput = z.input<typeof createTransferSchema>;
export type CreateTransferValues = z.output<typeof createTransferSchema>;

/** Provider field paths -> the form's field names, so its errors land on the right control. */
export const TRANSFER_UPSTREAM_FIELDS: Record<string, string> = {
  destination: "account_number",
  "destination.bank_account": "account_number",
  "destination.bank_account.account_number": "account_number",
  "destination.bank_account.bank_code": "bank_code",
  "destination.bank_account.account_name": "account_number",
};

/** What the action answers: sent at once, or waiting for a second approver. */
export type CreateTransferResult =
  | { outcome: "sent"; id: string; status: string; replayed: boolean; summary: string }
  | { outcome: "pending_approval"; approvalId: string; summary: string; expiresAt: string };
