/**
 * The funding-account create form and the sandbox deposit simulator: one zod schema each, shared by
 * the form (browser) and the server action, so every rule of the provider's "Funding account create"
 * is checked before anything is sent. Client-safe: no server imports.
 *
 * The form is flat (one field per control); `toCreateBody` builds the provider's nested body.
 */
import { z } from "zod";
import { withAttemptKey } from "@/lib/upstream/attempt";
import {
  ASSETS,
  DESTINATION_CHAINS,
  FUNDING_CHAINS,
  MIN_TEMPORARY_NGN,
  RAILS,
  SCENARIOS,
  SETTLEMENT_TYPES,
  TYPES,
  type FundingType,
  type Rail,
  type SettlementType,
  allowedSettlements,
  rateNeed,
} from "./options";

// The settlement rules the forms show by (no zod), also importable from here.
export { allowedSettlements, rateNeed, type RateNeed } from "./options";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MESSAGES = {
  customer: "Choose the customer this account is for.",
  rail: "Choose NGN bank account or crypto address.",
  type: "Choose temporary or permanent.",
  amountRequired: "Enter the amount the customer will send, in whole naira.",
  amountInteger: "Enter whole naira only: digits, no decimals or separators.",
  amountMinimum: amountMinimumMessage(String(MIN_TEMPORARY_NGN)),
  amountTooLarge: "The amount is too large. Enter at most 15 digits.",
  asset: "Choose USDC or USDT.",
  chain: "Choose the chain the customer will send on.",
  settlementType: "Choose where deposits settle.",
  settlementNotAllowed: "This settlement is not available for this rail and type. Choose one of the listed options.",
  rateRequired: "Choose a rate: this settlement converts currency at a quoted rate.",
  rateInvalid: "This rate is not valid. Choose a current rate.",
  destinationAsset: "Choose the stablecoin to pay out.",
  destinationChain: "Choose the chain to pay out on.",
  destinationAddress: "Enter an EVM address: 0x followed by 40 hexadecimal characters.",
  bankCode: "Choose the destination bank.",
  accountNumber: "Enter the 10-digit account number.",
  accountNotResolved: "Look up the account and confirm its name before creating.",
} as const;

/** The minimum in whole naira, as the provider's decimal string ("1000.00") or an integer string. */
export function amountMinimumMessage(min: string): string {
  const whole = BigInt(min.split(".")[0]!).toLocaleString("en-GB");
  return `The amount must be at least NGN ${whole}.`;
}

/** What the server says when the bank gives another name than the one the person confirmed. */
export function accountNameChangedMessage(resolved: string): string {
  return `The bank now gives this account's name as "${resolved}". Look the account up again and check it before saving.`;
}

const blank = z.string().trim().optional().default("");

/** Where deposits settle: the same fields when an account is created and when its destination changes. */
const settlementFields = {
  settlement_type: z.enum(SETTLEMENT_TYPES, { error: MESSAGES.settlementType }),
  rate_id: blank,
  destination_asset: blank,
  destination_chain: blank,
  destination_address: blank,
  bank_code: blank,
  account_number: blank,
  /** The name the provider resolved for bank_code + account_number; the user has seen and confirmed it. */
  account_name: blank,
};

export const createFundingAccountFields = {
  customer_id: z.string().trim().regex(UUID, { error: MESSAGES.customer }),
  rail: z.enum(RAILS, { error: MESSAGES.rail }),
  type: z.enum(TYPES, { error: MESSAGES.type }),
  amount: blank,
  asset: blank,
  chain: blank,
  ...settlementFields,
};

type Ctx = z.RefinementCtx;
const issue = (ctx: Ctx, path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
const oneOf = (values: readonly string[], v: string) => values.includes(v);

function checkCreate(v: z.output<z.ZodObject<typeof createFundingAccountFields>>, ctx: Ctx) {
  const ngn = v.rail === "NGN_VIRTUAL_ACCOUNT";
  if (ngn && v.type === "TEMPORARY") {
    if (v.amount === "") issue(ctx, "amount", MESSAGES.amountRequired);
    else if (!/^\d+$/.test(v.amount)) issue(ctx, "amount", MESSAGES.amountInteger);
    else if (v.amount.replace(/^0+/, "").length > 15) issue(ctx, "amount", MESSAGES.amountTooLarge);
    else if (BigInt(v.amount) < BigInt(MIN_TEMPORARY_NGN)) issue(ctx, "amount", MESSAGES.amountMinimum);
  }
  if (!ngn) {
    if (!oneOf(ASSETS, v.asset)) issue(ctx, "asset", MESSAGES.asset);
    if (!oneOf(FUNDING_CHAINS, v.chain)) issue(ctx, "chain", MESSAGES.chain);
  }
  checkSettlement(v.rail, v.type, v.asset, v, ctx);
}

export interface SettlementValues {
  settlement_type: SettlementType;
  rate_id: string;
  destination_asset: string;
  destination_chain: string;
  destination_address: string;
  bank_code: string;
  account_number: string;
  account_name: string;
}

/** The settlement rules for an account of this rail, type and asset (shared by create and change). */
export function checkSettlement(rail: Rail, type: FundingType, asset: string, v: SettlementValues, ctx: Ctx) {
  if (!allowedSettlements(rail, type).includes(v.settlement_type)) {
    issue(ctx, "settlement_type", MESSAGES.settlementNotAllowed);
    return;
  }
  const need = rateNeed(rail, v.settlement_type, asset, v.destination_asset);
  if (need?.required && v.rate_id === "") issue(ctx, "rate_id", MESSAGES.rateRequired);
  else if (need && v.rate_id !== "" && !UUID.test(v.rate_id)) issue(ctx, "rate_id", MESSAGES.rateInvalid);
  if (v.settlement_type === "ONCHAIN") {
    if (!oneOf(ASSETS, v.destination_asset)) issue(ctx, "destination_asset", MESSAGES.destinationAsset);
    if (!oneOf(DESTINATION_CHAINS, v.destination_chain)) issue(ctx, "destination_chain", MESSAGES.destinationChain);
    if (!EVM_ADDRESS.test(v.destination_address)) issue(ctx, "destination_address", MESSAGES.destinationAddress);
  }
  if (v.settlement_type === "NGN_PAYOUT") {
    if (!/^\d{3,6}$/.test(v.bank_code)) issue(ctx, "bank_code", MESSAGES.bankCode);
    if (!/^\d{10}$/.test(v.account_number)) issue(ctx, "account_number", MESSAGES.accountNumber);
    // On the name, not the number: the number's error shows on blur, and this one must wait for
    // submit, or it would appear (and move the look-up button) as the person goes to click it.
    else if (v.account_name === "") issue(ctx, "account_name", MESSAGES.accountNotResolved);
  }
}

/** The provider's settlement_destination object: only the fields this settlement uses. */
export function toSettlementBody(rail: Rail, asset: string, v: SettlementValues): Record<string, unknown> {
  const sd: Record<string, unknown> = { type: v.settlement_type };
  const need = rateNeed(rail, v.settlement_type, asset, v.destination_asset);
  if (need && v.rate_id !== "") sd.rate_id = v.rate_id;
  if (v.settlement_type === "ONCHAIN") {
    sd.destination_asset = v.destination_asset;
    sd.destination_chain = v.destination_chain;
    sd.destination_address = v.destination_address;
  }
  if (v.settlement_type === "NGN_PAYOUT") sd.destination_bank = { account_number: v.account_number, bank_code: v.bank_code };
  return sd;
}

export const createFundingAccountSchema = withAttemptKey(createFundingAccountFields).superRefine(checkCreate);
/** The same rules without the attempt key, for the browser form (the key is added at submit). */
export const createFundingAccountFormSchema = z.object(createFundingAccountFields).superRefine(checkCreate);
export type CreateFundingAccountFormValues = z.input<typeof createFundingAccountFormSchema>;
export type CreateFundingAccountInput = z.input<typeof createFundingAccountSchema>;
export type CreateFundingAccountValues = z.output<typeof createFundingAccountSchema>;

/**
 * The provider's body for valid form values: only the fields this rail, type and settlement use
 * (the provider refuses fields a settlement does not use).
 */
export function toCreateBody(v: CreateFundingAccountValues): Record<string, unknown> {
  const ngn = v.rail === "NGN_VIRTUAL_ACCOUNT";
  return {
    type: v.type,
    rail: v.rail,
    customer: { customer_id: v.customer_id },
    ...(ngn ? { currency: "NGN" } : { currency: v.asset, asset: v.asset, chain: v.chain }),
    // Money is a decimal string (the spec's convention, which wins over the docs notes' "integer"):
    // whole naira, as typed, without leading zeros.
    ...(ngn && v.type === "TEMPORARY" ? { amount: v.amount.replace(/^0+(?=\d)/, "") } : {}),
    settlement_destination: toSettlementBody(v.rail, v.asset, v),
  };
}

/** Provider field paths (nested body) -> the form's flat field names, so its errors land on the right control. */
export const CREATE_UPSTREAM_FIELDS: Record<string, string> = {
  "customer.customer_id": "customer_id",
  customer: "customer_id",
  currency: "rail",
  "settlement_destination.type": "settlement_type",
  settlement_destination: "settlement_type",
  "settlement_destination.rate_id": "rate_id",
  "settlement_destination.destination_asset": "destination_asset",
  "settlement_destination.destination_chain": "destination_chain",
  "settlement_destination.destination_address": "destination_address",
  "settlement_destination.destination_bank": "account_number",
  "settlement_destination.destination_bank.account_number": "account_number",
  "settlement_destination.destination_bank.bank_code": "bank_code",
};

/** Changing where a permanent account's future deposits settle. The server checks it against the account it reads. */
export const updateSettlementFields = {
  funding_account_id: z.string().trim().regex(UUID, { error: "This funding account id is not valid. Reload the page." }),
  ...settlementFields,
};
export const updateSettlementSchema = withAttemptKey(updateSettlementFields);

/** The change form's rules for one account (its rail and asset decide what is allowed). */
export function settlementFormSchema(rail: Rail, asset: string) {
  return z.object(updateSettlementFields).superRefine((v, ctx) => checkSettlement(rail, "PERMANENT", asset, v, ctx));
}

/** The PATCH body is the destination itself, so the provider's paths have no prefix. */
export const SETTLEMENT_UPSTREAM_FIELDS: Record<string, string> = {
  type: "settlement_type",
  destination_bank: "account_number",
  "destination_bank.account_number": "account_number",
  "destination_bank.bank_code": "bank_code",
  "settlement_destination.type": "settlement_type",
  "settlement_destination.rate_id": "rate_id",
  "settlement_destination.destination_asset": "destination_asset",
  "settlement_destination.destination_chain": "destination_chain",
  "settlement_destination.destination_address": "destination_address",
  "settlement_destination.destination_bank.account_number": "account_number",
  "settlement_destination.destination_bank.bank_code": "bank_code",
};

export const resolveBankAccountSchema = z.object({
  bank_code: z
    .string()
    .trim()
    .regex(/^\d{3,6}$/, { error: MESSAGES.bankCode }),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: MESSAGES.accountNumber }),
});
export type ResolveBankAccountInput = z.input<typeof resolveBankAccountSchema>;

export const SIMULATE_PRODUCTION_REFUSAL = "Deposits can only be simulated in the sandbox. Switch to the sandbox to try one.";

export const SIMULATE_MESSAGES = {
  account: "This funding account id is not valid. Reload the page.",
  scenario: "Choose a scenario.",
  amount: "Enter an amount greater than zero with at most 2 decimals, or leave it empty for the default.",
} as const;

/** "default" runs the provider's production-like flow (no scenario sent). */
export const simulateDepositSchema = withAttemptKey({
  funding_account_id: z.string().trim().regex(UUID, { error: SIMULATE_MESSAGES.account }),
  scenario: z.enum(["default", ...SCENARIOS], { error: SIMULATE_MESSAGES.scenario }),
  amount: z
    .string()
    .trim()
    .optional()
    .default("")
    .refine((a) => a === "" || (/^\d+(\.\d{1,2})?$/.test(a) && /[1-9]/.test(a)), { error: SIMULATE_MESSAGES.amount }),
});
export type SimulateDepositInput = z.input<typeof simulateDepositSchema>;
