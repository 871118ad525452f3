/**
 * The funding-account vocabulary (rails, types, statuses, chains) and its labels, apart from the
 * form's schema so that lists and filters reach the browser without the validation library.
 */
export const RAILS = ["NGN_VIRTUAL_ACCOUNT", "CRYPTO_ADDRESS"] as const;
export const TYPES = ["TEMPORARY", "PERMANENT"] as const;
export const SETTLEMENT_TYPES = ["INTERNAL_BALANCE", "ONCHAIN", "NGN_PAYOUT"] as const;
export const ASSETS = ["USDC", "USDT"] as const;
/** Chains a crypto deposit address can be opened on. */
export const FUNDING_CHAINS = ["APTOS", "BASE", "CELO", "ETHEREUM", "POLYGON", "SOLANA", "TRON"] as const;
/** EVM chains an ONCHAIN settlement can pay out to. */
export const DESTINATION_CHAINS = ["ETHEREUM", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "CELO"] as const;
export { FUNDING_ACCOUNT_STATUSES } from "@/lib/upstream/schemas/core-values";
export const SCENARIOS = ["PROCESSING", "COMPLETED", "REQUIRES_REVIEW", "FAILED"] as const;
/**
 * The fallback minimum of a temporary NGN account's amount. The provider's minimum comes with its
 * rates (`min_deposit_ngn`, docs notes "Rates"; "1000.00" when written); the server checks the
 * amount against the current rate's value, and this one applies when no rate is at hand (the
 * browser before a rate is fetched, or a rate read that failed).
 */
export const MIN_TEMPORARY_NGN = 1000;

export type Rail = (typeof RAILS)[number];
export type FundingType = (typeof TYPES)[number];
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
export type Asset = (typeof ASSETS)[number];

export const RAIL_LABEL: Record<Rail, string> = { NGN_VIRTUAL_ACCOUNT: "NGN bank account", CRYPTO_ADDRESS: "Crypto address" };
export const TYPE_LABEL: Record<FundingType, string> = { TEMPORARY: "Temporary (expires after 60 minutes)", PERMANENT: "Permanent" };
export const SETTLEMENT_LABEL: Record<SettlementType, string> = {
  INTERNAL_BALANCE: "Merchant balance (USD)",
  ONCHAIN: "Stablecoin on chain",
  NGN_PAYOUT: "NGN payout to a bank account",
};

/** Which settlement types the provider allows for each rail and type (docs: "Funding account create"). */
export function allowedSettlements(rail: Rail, type: FundingType): readonly SettlementType[] {
  if (rail === "NGN_VIRTUAL_ACCOUNT") return ["INTERNAL_BALANCE", "ONCHAIN"];
  return type === "TEMPORARY" ? ["NGN_PAYOUT"] : ["INTERNAL_BALANCE", "NGN_PAYOUT"];
}

export type RateNeed = { required: boolean; side: "BUY" | "SELL"; to: string } | null;

/**
 * The rate a settlement needs: ONCHAIN buys the destination stablecoin with NGN, NGN_PAYOUT sells
 * the deposited stablecoin for NGN, and an NGN deposit to the merchant balance may lock a USD BUY
 * rate (optional; otherwise the rate of the day of the deposit applies). Crypto to the merchant
 * balance settles 1:1 and takes no rate.
 */
export function rateNeed(rail: Rail, settlement: SettlementType, asset: string, destinationAsset: string): RateNeed {
  if (settlement === "ONCHAIN") return { required: true, side: "BUY", to: destinationAsset };
  if (settlement === "NGN_PAYOUT") return { required: true, side: "SELL", to: asset };
  if (rail === "NGN_VIRTUAL_ACCOUNT") return { required: false, side: "BUY", to: "USD" };
  return null;
}
