/**
 * Stored records of the core surface, per merchant. Plain JSON only (the platform persists the
 * whole state as one document). Money is always a decimal string.
 */

export type KycTier = 1 | 2;

export interface Customer {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  kyc_tier: KycTier;
  banking_partner_id: string | null;
  created_at: string;
}

export type RateTarget = "USDC" | "USDT" | "USD";
export type RateSide = "BUY" | "SELL";

export interface RateRecord {
  rate_id: string;
  from: "NGN";
  to: RateTarget;
  side: RateSide;
  rate: string;
  inverse_rate: string;
  fee_bps: number;
  min_deposit_ngn: string;
  created_at: string;
  expires_at: string;
}

export type FundingRail = "NGN_VIRTUAL_ACCOUNT" | "CRYPTO_ADDRESS";
export type FundingType = "TEMPORARY" | "PERMANENT";
export type FundingStatus = "PENDING" | "ACTIVE" | "FAILED" | "DISABLED";
export type SettlementType = "INTERNAL_BALANCE" | "ONCHAIN" | "NGN_PAYOUT";
export type StableAsset = "USDC" | "USDT";

export interface DestinationBank {
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
}

export interface SettlementDestination {
  type: SettlementType;
  rate_id: string | null;
  destination_asset: StableAsset | null;
  destination_chain: string | null;
  destination_address: string | null;
  destination_bank: DestinationBank | null;
}

export type InstructionStatus = "PENDING" | "ACTIVE" | "USED" | "EXPIRED" | "FAILED" | "DISABLED";

export interface Instruction {
  type: "BANK_TRANSFER" | "CRYPTO_TRANSFER";
  status: InstructionStatus;
  currency: string;
  bank_name?: string;
  bank_code?: string;
  account_number?: string;
  account_name?: string;
  amount?: string | null;
  asset?: StableAsset;
  chain?: string;
  address?: string;
}

export interface FundingAccount {
  id: string;
  type: FundingType;
  status: FundingStatus;
  rail: FundingRail;
  customer_id: string | null;
  /** The merchant's own permanent NGN account (merchant funding configuration), not a customer's. */
  merchant_owned: boolean;
  currency: string;
  amount: string | null;
  asset: StableAsset | null;
  chain: string | null;
  settlement_destination: SettlementDestination;
  developer_fee: { percentage: string } | null;
  instructions: Instruction[];
  failure_reason: string | null;
  /** Number of deposits received so far (temporary NGN instructions are single-use). */
  deposit_count: number;
  expires_at: string | null;
  /** Emulated ms at which PENDING resolves (ACTIVE or FAILED); null once resolved. */
  activate_at_ms: number | null;
  created_at: string;
  updated_at: string;
}

export type DepositStatus = "RECEIVED" | "PROCESSING" | "COMPLETED" | "REQUIRES_REVIEW" | "FAILED";
export type SettlementStatus = "PENDING" | "PROCESSING" | "COMPLETED" | "REQUIRES_REVIEW" | "FAILED";
export type SettlementMode = "ONCHAIN" | "INTERNAL_BALANCE" | "CUSTOMER_NGN_BALANCE";

export interface Money {
  amount: string;
  currency: string;
}

export interface Deposit {
  id: string;
  type: "NGN_DEPOSIT" | "CRYPTO_DEPOSIT";
  funding_account_id: string | null;
  onramp_id: string | null;
  offramp_id: string | null;
  customer_id: string | null;
  amount: string;
  currency: string;
  settled_amount: string | null;
  settled_currency: string | null;
  rate: string | null;
  rate_id: string | null;
  status: DepositStatus;
  settlement_status: SettlementStatus;
  settlement_mode: SettlementMode;
  /** Which balance the settlement credits when it completes (internal bookkeeping, not shown). */
  credit_to: "collection_usd" | "withdrawal_usd" | "withdrawal_ngn" | "none";
  asset: string | null;
  chain: string | null;
  tx_hash: string | null;
  fees: { deposit_fee?: Money; total_fee_usd: string };
  developer_fee: { percentage: string; amount: string; currency: string } | null;
  customer_amount: Money | null;
  flag_code: string | null;
  flag_message: string | null;
  failure_code: string | null;
  failure_message: string | null;
  /** Default (production-like) flow: what the deposit becomes when processing ends. */
  planned_outcome: "COMPLETED" | "REQUIRES_REVIEW" | "FAILED" | null;
  /** The review flag taken on arrival, applied when the default flow ends in review. */
  planned_flag: { code: string; message: string } | null;
  next_step_at_ms: number | null;
  created_at: string;
  updated_at: string;
  /** Unknown fields set through the control API's drift route (tests of the client's tolerance). */
  drift_fields?: Record<string, unknown>;
}

export interface BankAccountDetails {
  account_name: string;
  account_number: string;
  bank_code: string;
  bank_name: string;
}

export interface CryptoAddressDetails {
  asset: StableAsset;
  chain: string;
  address: string;
}

export interface Address {
  street_line_1: string;
  street_line_2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
}

export interface UsBankAccountDetails {
  account_owner_name: string;
  account_number: string;
  routing_number: string;
  bank_name: string;
  account_type: "checking" | "savings";
  payout_scheme: "ach" | "wire";
  address: Address;
}

export interface SwiftBankAccountDetails {
  account_owner_name: string;
  account_owner_type: "individual" | "business";
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  short_business_description: string;
  category: "client" | "parent_company" | "subsidiary" | "supplier";
  account_country: string;
  bank_name: string | null;
  bic: string | null;
  iban: string;
  purpose_of_funds: string[];
  address: Address;
  bank_address: Address;
}

export type RecipientType = "BANK_ACCOUNT" | "CRYPTO_ADDRESS" | "US_BANK_ACCOUNT" | "SWIFT_BANK_ACCOUNT";

export interface Recipient {
  id: string;
  type: RecipientType;
  customer_id: string | null;
  first_name: string | null;
  last_name: string | null;
  fingerprint: string;
  bank_account: BankAccountDetails | null;
  crypto_address: CryptoAddressDetails | null;
  us_bank_account: UsBankAccountDetails | null;
  swift_bank_account: SwiftBankAccountDetails | null;
  created_at: string;
}

export type TransferStatus = "PROCESSING" | "COMPLETED" | "FAILED" | "REQUIRES_REVIEW";

export interface Transfer {
  id: string;
  reference: string;
  status: TransferStatus;
  currency: string;
  amount: string;
  debit_currency: "USD";
  debit_amount: string;
  fee: string;
  rate: { side: RateSide; value: string; captured_at: string };
  recipient_id: string;
  customer_id: string | null;
  failure_code: string | null;
  failure_message: string | null;
  flag_code: string | null;
  flag_message: string | null;
  planned_outcome: "COMPLETED" | "FAILED" | "REQUIRES_REVIEW";
  next_step_at_ms: number | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export type WithdrawalStatus = "PENDING" | "SUBMITTED" | "SETTLED" | "FAILED";

export interface MerchantWithdrawal {
  id: string;
  amount_usd: string;
  fee_usd: string;
  token: string;
  chain: string;
  destination_address: string;
  status: WithdrawalStatus;
  provider_tx_id: string | null;
  tx_hash: string | null;
  failure_code: string | null;
  failure_message: string | null;
  next_step_at_ms: number | null;
  created_at: string;
  submitted_at: string | null;
  settled_at: string | null;
  updated_at: string;
}

export interface BalanceTransfer {
  id: string;
  amount_usd: string;
  from: "collection_balance_usd";
  to: "withdrawal_balance_usd";
  status: "COMPLETED";
  created_at: string;
}

export interface Balances {
  collection_balance_usd: string;
  withdrawal_balance_usd: string;
  withdrawal_balance_ngn: string;
  updated_at: string;
}

export interface MerchantFunding {
  id: string;
  setup_status: "ACTIVE";
  ngn_settlement_destination: "USD_BALANCE" | "NGN_BALANCE";
  /** The merchant's permanent NGN funding account, or null when the setup has none. */
  ngn_funding_account_id: string | null;
  ngn_account: { account_number: string; account_name: string; bank_name: string; bank_code: string } | null;
  crypto_wallet: { wallet_id: string; addresses: { chain: string; address: string }[] };
  created_at: string;
  updated_at: string;
}

export interface Payout {
  type: "NGN_PAYOUT" | "CRYPTO_PAYOUT";
  id: string;
  reference: string;
  status: "PROCESSING" | "SETTLED" | "FAILED";
  source_currency: string;
  destination_currency: string;
  source_amount: string;
  destination_amount: string;
  fee: string;
  rate: { side: RateSide; value: string; captured_at: string };
  recipient: {
    id: string;
    type: "BANK_ACCOUNT" | "CRYPTO_ADDRESS";
    bank_account: { account_number: string; account_name: string; bank_code: string; bank_name: string } | null;
    crypto_address: string | null;
    created_at: string;
  };
  sender: { type: string; id: string };
  tx_hash: string | null;
  created_at: string;
  settled_at: string | null;
}

export type LegacyStatus = "ACTIVE" | "INACTIVE" | "EXPIRED";

export interface Onramp {
  id: string;
  type: FundingType;
  customer_id: string;
  currency: "NGN";
  amount: string | null;
  status: LegacyStatus;
  virtual_account: { account_number: string; account_name: string; bank_name: string; bank_code: string };
  settlement: {
    mode: "INTERNAL_BALANCE" | "ONCHAIN";
    rate_id: string | null;
    asset: StableAsset | null;
    chain: string | null;
    address: string | null;
  };
  developer_fee: { percentage: string } | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface Offramp {
  id: string;
  type: FundingType;
  customer_id: string;
  address: string;
  chain: string;
  asset: StableAsset;
  status: LegacyStatus;
  developer_fee: { percentage: string } | null;
  settlement: {
    mode: "INTERNAL_BALANCE" | "NGN_PAYOUT";
    rate_id: string | null;
    destination_bank: { account_name: string; account_number: string; bank_code: string } | null;
  };
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CoreSlice {
  customers: Customer[];
  rates: Record<string, RateRecord>;
  fundingAccounts: FundingAccount[];
  /** UTC day (YYYY-MM-DD) -> funding accounts created that day, for the creation quota. */
  fundingQuotaUsage: Record<string, number>;
  fundingDailyQuota: number;
  deposits: Deposit[];
  recipients: Recipient[];
  transfers: Transfer[];
  withdrawals: MerchantWithdrawal[];
  balanceTransfers: BalanceTransfer[];
  balances: Balances;
  funding: MerchantFunding;
  payouts: Payout[];
  onramps: Onramp[];
  offramps: Offramp[];
  /** Counter for generated account numbers and addresses, so each is unique per merchant. */
  sequence: number;
  /**
   * Funding account id -> amount of its next simulated deposit, set through the control API (the
   * provider's simulator takes no amount). Used once. Absent in slices saved before it existed.
   */
  nextSimulatedAmounts?: Record<string, string>;
}
