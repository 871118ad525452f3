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

/** Said at the customer field when a US or SWIFT recipient's customer lacks tier 2 (the form and the server action). */
export const TIER2_MESSAGE =
  "This customer has not completed tier 2 verification. US and SWIFT recipients need a customer with tier 2 (and the banking-partner onboarding that comes with it); choose another customer or finish this one's verification first.";

/** The address family of each chain: its addresses share one format. */
export const CHAIN_FAMILY: Record<string, "evm" | "solana" | "tron" | "aptos"> = {
  ETHEREUM: "evm",
  BASE: "evm",
  POLYGON: "evm",
  ARBITRUM: "evm",
  OPTIMISM: "evm",
  CELO: "evm",
  SOLANA: "solana",
  TRON: "tron",
  APTOS: "aptos",
};

const BASE58 = "[1-9A-HJ-NP-Za-km-z]";
const ADDRESS_FORMAT: Record<"evm" | "solana" | "tron" | "aptos", { pattern: RegExp; hint: string }> = {
  evm: { pattern: /^0x[0-9a-fA-F]{40}$/, hint: "an EVM address: 0x followed by 40 hexadecimal characters" },
  aptos: { pattern: /^0x[0-9a-fA-F]{64}$/, hint: "an Aptos address: 0x followed by 64 hexadecimal characters" },
  solana: { pattern: new RegExp(`^${BASE58}{32,44}$`), hint: "a Solana address: 32 to 44 base58 characters" },
  tron: { pattern: new RegExp(`^T${BASE58}{33}$`), hint: "a Tron address: T followed by 33 base58 characters" },
};

/** What an address on this chain looks like, for the field's help text and error; null for an unknown chain. */
export function addressHint(chain: string): string | null {
  const family = CHAIN_FAMILY[chain];
  return family ? ADDRESS_FORMAT[family].hint : null;
}

export function isValidChainAddress(chain: string, address: string): boolean {
  const family = CHAIN_FAMILY[chain];
  return family !== undefined && ADDRESS_FORMAT[family].pattern.test(address);
}
