/**
 * Recipients' option lists and their names, for pages that show or pick them. Imports no zod, so the
 * recipients list and the pages naming a recipient's type stay light; the rules are in `schema.ts`.
 */
import { RECIPIENT_TYPES } from "@/lib/upstream/schemas/core-values";

export { RECIPIENT_TYPES };
export const STABLE_ASSETS = ["USDC", "USDT"] as const;
/** Chains a crypto recipient can be on (all EVM). */
export const RECIPIENT_CHAINS = ["ETHEREUM", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "CELO"] as const;
export const ACCOUNT_TYPES = ["checking", "savings"] as const;
export const PAYOUT_SCHEMES = ["ach", "wire"] as const;
export const OWNER_TYPES = ["individual", "business"] as const;
export const CATEGORIES = ["client", "parent_company", "subsidiary", "supplier"] as const;
export const PURPOSES = ["intra_group_transfer", "invoice_for_goods_and_services"] as const;

export type RecipientType = (typeof RECIPIENT_TYPES)[number];

export const TYPE_LABEL: Record<RecipientType, string> = {
  BANK_ACCOUNT: "Nigerian bank account",
  CRYPTO_ADDRESS: "Crypto address",
  US_BANK_ACCOUNT: "US bank account",
  SWIFT_BANK_ACCOUNT: "SWIFT bank account",
};
export const CHAIN_LABEL: Record<(typeof RECIPIENT_CHAINS)[number], string> = {
  ETHEREUM: "Ethereum",
  BASE: "Base",
  POLYGON: "Polygon",
  ARBITRUM: "Arbitrum",
  OPTIMISM: "Optimism",
  CELO: "Celo",
};
export const CATEGORY_LABEL: Record<(typeof CATEGORIES)[number], string> = {
  client: "Client",
  parent_company: "Parent company",
  subsidiary: "Subsidiary",
  supplier: "Supplier",
};
export const PURPOSE_LABEL: Record<(typeof PURPOSES)[number], string> = {
  intra_group_transfer: "Intra-group transfer",
  invoice_for_goods_and_services: "Invoice for goods and services",
};

/** The types that are paid on behalf of a customer, who must have completed tier 2 verification. */
export const needsCustomer = (type: string): boolean => type === "US_BANK_ACCOUNT" || type === "SWIFT_BANK_ACCOUNT";
