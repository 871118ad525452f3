/** Response schemas of the core surface (`/v1`), from the spec, the docs notes and the sandbox. */
import { z } from "zod";
import { address, corePage, dataOf, decimal, int, moneyAmount, obj, openEnum, optDecimal, optStr, optTimestamp, str, timestamp } from "./common";
import {
  DEPOSIT_STATUSES,
  FUNDING_ACCOUNT_STATUSES,
  LEGACY_STATUSES,
  PAYOUT_STATUSES,
  RECIPIENT_TYPES,
  TRANSFER_STATUSES,
  WITHDRAWAL_STATUSES,
} from "./core-values";

// The value lists stay importable from here for the server code that already does.
export * from "./core-values";

export const bank = obj({ code: str, name: str });
export const banks = dataOf(z.array(bank));

export const resolvedAccount = obj({ account_number: optStr, account_name: optStr, bank_code: optStr, bank_name: optStr });

export const customer = obj({
  id: str,
  first_name: optStr,
  last_name: optStr,
  email: optStr,
  kyc_tier: z.union([int, str]).nullish(),
  banking_partner_id: optStr,
  created_at: optTimestamp,
});
export const customers = corePage(customer);

export const rate = obj({
  rate_id: str,
  from: str,
  to: str,
  side: openEnum(["BUY", "SELL"]),
  rate: decimal,
  inverse_rate: optDecimal,
  fee_bps: int.nullish(),
  min_deposit_ngn: optDecimal,
  created_at: optTimestamp,
  expires_at: optTimestamp,
});

const destinationBank = obj({ account_number: optStr, account_name: optStr, bank_code: optStr, bank_name: optStr });
export const settlementDestination = obj({
  type: openEnum(["INTERNAL_BALANCE", "ONCHAIN", "NGN_PAYOUT"]),
  rate_id: optStr,
  destination_asset: optStr,
  destination_chain: optStr,
  destination_address: optStr,
  destination_bank: destinationBank.nullish(),
});
export const instruction = obj({
  type: openEnum(["BANK_TRANSFER", "CRYPTO_TRANSFER"]),
  status: openEnum(["PENDING", "ACTIVE", "USED", "EXPIRED", "FAILED", "DISABLED"]).nullish(),
  currency: optStr,
  bank_name: optStr,
  bank_code: optStr,
  account_number: optStr,
  account_name: optStr,
  amount: optDecimal,
  asset: optStr,
  chain: optStr,
  address: optStr,
});
export const fundingAccount = obj({
  object: optStr,
  id: str,
  type: openEnum(["TEMPORARY", "PERMANENT"]),
  status: openEnum(FUNDING_ACCOUNT_STATUSES),
  rail: openEnum(["NGN_VIRTUAL_ACCOUNT", "CRYPTO_ADDRESS"]),
  customer_id: optStr,
  currency: optStr,
  amount: optDecimal,
  asset: optStr,
  chain: optStr,
  settlement_destination: settlementDestination.nullish(),
  developer_fee: obj({ percentage: optDecimal }).nullish(),
  instructions: z.array(instruction).default([]),
  failure_reason: optStr,
  expires_at: optTimestamp,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const fundingAccounts = corePage(fundingAccount);

export const deposit = obj({
  id: str,
  type: openEnum(["NGN_DEPOSIT", "CRYPTO_DEPOSIT"]),
  funding_account_id: optStr,
  onramp_id: optStr,
  offramp_id: optStr,
  customer_id: optStr,
  amount: decimal,
  currency: str,
  settled_amount: optDecimal,
  settled_currency: optStr,
  rate: optDecimal,
  rate_id: optStr,
  status: openEnum(DEPOSIT_STATUSES),
  settlement_status: openEnum(DEPOSIT_STATUSES).nullish(),
  settlement_mode: openEnum(["ONCHAIN", "INTERNAL_BALANCE", "CUSTOMER_NGN_BALANCE"]).nullish(),
  asset: optStr,
  chain: optStr,
  tx_hash: optStr,
  fees: obj({ deposit_fee: moneyAmount.nullish(), total_fee_usd: optDecimal }).nullish(),
  developer_fee: obj({ percentage: optDecimal, amount: optDecimal, currency: optStr }).nullish(),
  customer_amount: moneyAmount.nullish(),
  flag_code: optStr,
  flag_message: optStr,
  failure_code: optStr,
  failure_message: optStr,
  created_at: timestamp,
  updated_at: optTimestamp,
});
export const deposits = corePage(deposit);
export const simulatedDeposit = obj({ message: optStr });

const bankAccountView = obj({ account_name: optStr, account_number_last4: optStr, account_number: optStr, bank_code: optStr, bank_name: optStr });
export const recipient = obj({
  id: str,
  type: openEnum(RECIPIENT_TYPES),
  first_name: optStr,
  last_name: optStr,
  customer_id: optStr,
  bank_account: bankAccountView.nullish(),
  crypto_address: obj({ asset: optStr, chain: optStr, address: optStr }).nullish(),
  us_bank_account: obj({
    account_owner_name: optStr,
    account_number_last4: optStr,
    routing_number: optStr,
    bank_name: optStr,
    account_type: openEnum(["checking", "savings"]).nullish(),
    payout_scheme: openEnum(["ach", "wire"]).nullish(),
    address: address.nullish(),
  }).nullish(),
  swift_bank_account: obj({
    account_owner_name: optStr,
    account_owner_type: openEnum(["individual", "business"]).nullish(),
    first_name: optStr,
    last_name: optStr,
    business_name: optStr,
    short_business_description: optStr,
    category: optStr,
    account_country: optStr,
    bank_name: optStr,
    bic: optStr,
    iban_last4: optStr,
    purpose_of_funds: z.array(str).nullish(),
    address: address.nullish(),
    bank_address: address.nullish(),
  }).nullish(),
  created_at: optTimestamp,
});
export const recipients = corePage(recipient);

const capturedRate = obj({ side: openEnum(["BUY", "SELL"]).nullish(), value: optDecimal, captured_at: optTimestamp });
export const transfer = obj({
  id: str,
  reference: optStr,
  status: openEnum(TRANSFER_STATUSES),
  currency: str,
  amount: decimal,
  debit_currency: optStr,
  debit_amount: optDecimal,
  fee: optDecimal,
  rate: capturedRate.nullish(),
  recipient: obj({ id: optStr, type: openEnum(RECIPIENT_TYPES).nullish() }).nullish(),
  customer_id: optStr,
  failure_code: optStr,
  failure_message: optStr,
  flag_code: optStr,
  flag_message: optStr,
  created_at: optTimestamp,
  updated_at: optTimestamp,
  completed_at: optTimestamp,
});
export const transfers = corePage(transfer);

export const balances = obj({
  collection_balance_usd: decimal,
  withdrawal_balance_usd: decimal,
  withdrawal_balance_ngn: optDecimal,
  updated_at: optTimestamp,
});
export const merchantBalance = dataOf(balances);

export const balanceTransfer = obj({
  id: str,
  amount_usd: decimal,
  from: optStr,
  to: optStr,
  status: openEnum(["COMPLETED", "PENDING", "FAILED"]),
  created_at: optTimestamp,
});
export const balanceTransferCreated = dataOf(balanceTransfer.extend({ balance: balances.nullish() }));
export const balanceTransfers = corePage(balanceTransfer);

export const withdrawal = obj({
  id: str,
  amount_usd: decimal,
  fee_usd: optDecimal,
  token: optStr,
  chain: optStr,
  destination_address: optStr,
  status: openEnum(WITHDRAWAL_STATUSES),
  provider_tx_id: optStr,
  tx_hash: optStr,
  failure_code: optStr,
  failure_message: optStr,
  created_at: optTimestamp,
  submitted_at: optTimestamp,
  settled_at: optTimestamp,
  updated_at: optTimestamp,
});
export const withdrawals = corePage(withdrawal);
export const withdrawalCreated = dataOf(obj({ transaction_id: str }));

export const merchantFundingConfig = obj({
  id: optStr,
  setup_status: openEnum(["ACTIVE"]),
  ngn_settlement_destination: openEnum(["USD_BALANCE", "NGN_BALANCE"]).nullish(),
  ngn_account: obj({ account_number: optStr, account_name: optStr, bank_name: optStr, bank_code: optStr }).nullish(),
  crypto_wallet: obj({ wallet_id: optStr, addresses: z.array(obj({ chain: optStr, address: optStr })).default([]) }).nullish(),
  updated_at: optTimestamp,
});
/**
 * The spec returns the configuration as `{ data: <object> }`; the docs notes show
 * `GET /v1/merchant/funding` answering it bare. Both are read as `{ data }`.
 */
export const merchantFunding = z.preprocess(
  (v) => (v !== null && typeof v === "object" && !Array.isArray(v) && !("data" in v) && "setup_status" in v ? { data: v } : v),
  dataOf(merchantFundingConfig),
);

export const payout = obj({
  type: openEnum(["NGN_PAYOUT", "CRYPTO_PAYOUT"]),
  id: str,
  reference: optStr,
  status: openEnum(PAYOUT_STATUSES),
  source_currency: optStr,
  destination_currency: optStr,
  source_amount: optDecimal,
  destination_amount: optDecimal,
  fee: optDecimal,
  rate: capturedRate.nullish(),
  recipient: obj({
    id: optStr,
    type: openEnum(["BANK_ACCOUNT", "CRYPTO_ADDRESS"]).nullish(),
    bank_account: obj({ account_number: optStr, account_name: optStr, bank_code: optStr, bank_name: optStr }).nullish(),
    crypto_address: optStr,
    created_at: optTimestamp,
  }).nullish(),
  sender: obj({ type: optStr, id: optStr }).nullish(),
  tx_hash: optStr,
  created_at: optTimestamp,
  settled_at: optTimestamp,
});
export const payouts = corePage(payout);

export const onramp = obj({
  id: str,
  type: openEnum(["TEMPORARY", "PERMANENT"]),
  customer_id: optStr,
  currency: optStr,
  amount: optDecimal,
  status: openEnum(LEGACY_STATUSES),
  virtual_account: obj({ account_number: optStr, account_name: optStr, bank_name: optStr, bank_code: optStr }).nullish(),
  settlement: obj({ mode: optStr, rate_id: optStr, asset: optStr, chain: optStr, address: optStr }).nullish(),
  developer_fee: obj({ percentage: optDecimal }).nullish(),
  expires_at: optTimestamp,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const onramps = corePage(onramp);

export const offramp = obj({
  id: str,
  type: openEnum(["TEMPORARY", "PERMANENT"]),
  customer_id: optStr,
  address: optStr,
  chain: openEnum(["APTOS", "BASE", "CELO", "ETHEREUM", "POLYGON", "SOLANA", "TRON"]).nullish(),
  asset: openEnum(["USDC", "USDT"]).nullish(),
  status: openEnum(LEGACY_STATUSES),
  developer_fee: obj({ percentage: optDecimal }).nullish(),
  settlement: obj({
    mode: openEnum(["INTERNAL_BALANCE", "NGN_PAYOUT"]).nullish(),
    rate_id: optStr,
    destination_bank: obj({ account_name: optStr, account_number: optStr, bank_code: optStr }).nullish(),
  }).nullish(),
  expires_at: optTimestamp,
  created_at: optTimestamp,
  updated_at: optTimestamp,
});
export const offramps = corePage(offramp);

export type Customer = z.output<typeof customer>;
export type Deposit = z.output<typeof deposit>;
export type FundingAccount = z.output<typeof fundingAccount>;
export type Recipient = z.output<typeof recipient>;
export type Transfer = z.output<typeof transfer>;
export type MerchantWithdrawal = z.output<typeof withdrawal>;
export type Balances = z.output<typeof balances>;
export type Payout = z.output<typeof payout>;
export type Rate = z.output<typeof rate>;
