/**
 * The Coins state slice of one merchant (plain JSON, persisted by the platform) and the ledger
 * operations on it. Balances only move through these functions, which refuse to go negative.
 */
import { type Decimal, fixed, toDecimal } from "../lib/money";
import { ASSETS, ASSET_ORDER, type AssetSymbol } from "./catalog";

export type OrderSide = "buy" | "sell";
export type OrderStatus = "pending" | "completed" | "failed" | "cancelled";
export const ORDER_STATUSES: readonly OrderStatus[] = ["pending", "completed", "failed", "cancelled"];
export type OrderFailureReason = "insufficient_liquidity" | "stale_price";

export interface StoredOrder {
  id: string;
  seq: number;
  side: OrderSide;
  status: OrderStatus;
  base_asset: AssetSymbol;
  quote_asset: AssetSymbol;
  /** What the client asked for: quote amount to spend (buy) or base amount to sell (sell). */
  requested_amount: string;
  base_amount: string | null;
  quote_amount: string | null;
  executed_price: string | null;
  filled_quantity: string;
  fee: string;
  fee_asset: AssetSymbol;
  failure_reason: OrderFailureReason | null;
  client_order_id: string | null;
  created_at: number;
  updated_at: number;
  execute_at: number;
}

export type TransactionType = "deposit" | "withdrawal" | "trade" | "fee";
export const TRANSACTION_TYPES: readonly TransactionType[] = ["deposit", "withdrawal", "trade", "fee"];
export type TransactionStatus = "pending" | "completed" | "failed";

export interface StoredTransaction {
  id: string;
  seq: number;
  type: TransactionType;
  direction: "credit" | "debit";
  asset: AssetSymbol;
  amount: string;
  status: TransactionStatus;
  reference_type: "order" | "crypto_withdrawal" | "fiat_withdrawal" | "deposit";
  reference_id: string;
  description: string;
  created_at: number;
  updated_at: number;
}

export interface SavedAddress {
  id: string;
  seq: number;
  address: string;
  asset: AssetSymbol;
  chain: string;
  label: string;
  created_at: number;
  updated_at: number;
}

export type WithdrawalStatus = "pending" | "processing" | "completed" | "failed";
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = ["pending", "processing", "completed", "failed"];

export interface StoredCryptoWithdrawal {
  id: string;
  seq: number;
  address_id: string;
  address: string;
  asset: AssetSymbol;
  chain: string;
  amount: string;
  fee: string;
  status: WithdrawalStatus;
  tx_hash: string | null;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface StoredFiatWithdrawal {
  id: string;
  seq: number;
  currency: "NGN";
  amount: string;
  fee: string;
  bank_code: string;
  bank_name: string;
  account_number: string;
  account_name: string;
  narration: string | null;
  reference: string;
  status: WithdrawalStatus;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface DepositAccount {
  account_name: string;
  account_number: string;
  bank_code: string;
  bank_name: string;
  provider: string;
}

export interface BalanceEntry {
  available: string;
  locked: string;
}

export interface CoinsSlice {
  /** Monotonic counter: orders every record for newest-first listing and cursors. */
  seq: number;
  balances: Record<AssetSymbol, BalanceEntry>;
  orders: StoredOrder[];
  transactions: StoredTransaction[];
  addresses: SavedAddress[];
  cryptoWithdrawals: StoredCryptoWithdrawal[];
  fiatWithdrawals: StoredFiatWithdrawal[];
  depositAccounts: { NGN: DepositAccount; USD: DepositAccount };
}

export function emptyBalances(): Record<AssetSymbol, BalanceEntry> {
  const out = {} as Record<AssetSymbol, BalanceEntry>;
  for (const a of ASSET_ORDER) out[a] = { available: fixed(0, ASSETS[a].decimals), locked: fixed(0, ASSETS[a].decimals) };
  return out;
}

export function nextSeq(slice: CoinsSlice): number {
  slice.seq += 1;
  return slice.seq;
}

export class LedgerError extends Error {
  constructor(
    readonly asset: AssetSymbol,
    readonly available: string,
    readonly required: string,
  ) {
    super(`insufficient ${asset}: available ${available}, required ${required}`);
  }
}

function setEntry(slice: CoinsSlice, asset: AssetSymbol, available: Decimal, locked: Decimal): void {
  if (available.isNegative() || locked.isNegative()) {
    // Reaching here is a bug in the caller; refusing keeps balances from ever going negative.
    throw new Error(`balance of ${asset} would go negative`);
  }
  const dp = ASSETS[asset].decimals;
  slice.balances[asset] = { available: fixed(available, dp), locked: fixed(locked, dp) };
}

export function availableOf(slice: CoinsSlice, asset: AssetSymbol): Decimal {
  return toDecimal(slice.balances[asset].available);
}

export function credit(slice: CoinsSlice, asset: AssetSymbol, amount: Decimal): void {
  const e = slice.balances[asset];
  setEntry(slice, asset, toDecimal(e.available).plus(amount), toDecimal(e.locked));
}

/** Moves available to locked; throws LedgerError when available is short. */
export function lock(slice: CoinsSlice, asset: AssetSymbol, amount: Decimal): void {
  const e = slice.balances[asset];
  const available = toDecimal(e.available);
  if (available.lessThan(amount)) throw new LedgerError(asset, e.available, fixed(amount, ASSETS[asset].decimals));
  setEntry(slice, asset, available.minus(amount), toDecimal(e.locked).plus(amount));
}

/** Gives locked funds back to available (cancel, failure). */
export function unlock(slice: CoinsSlice, asset: AssetSymbol, amount: Decimal): void {
  const e = slice.balances[asset];
  setEntry(slice, asset, toDecimal(e.available).plus(amount), toDecimal(e.locked).minus(amount));
}

/** Removes locked funds for good (the money left: trade settled, withdrawal sent). */
export function consumeLocked(slice: CoinsSlice, asset: AssetSymbol, amount: Decimal): void {
  const e = slice.balances[asset];
  setEntry(slice, asset, toDecimal(e.available), toDecimal(e.locked).minus(amount));
}
