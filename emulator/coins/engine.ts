/**
 * Time-driven behaviour of the Coins surface: order placement and execution, crypto and fiat
 * withdrawals and their status moves, and the transactions each money movement writes.
 * Everything takes `now` (emulated ms) explicitly so it can be unit-tested without a server.
 */
import { Decimal, fixed, toDecimal } from "../lib/money";
import { ASSETS, BANKS, FIAT_WITHDRAWAL, findMarket, findRail, type AssetSymbol, type MarketDef } from "./catalog";
import { isStale, quote } from "./pricing";
import {
  consumeLocked,
  credit,
  lock,
  nextSeq,
  unlock,
  type CoinsSlice,
  type OrderSide,
  type SavedAddress,
  type StoredCryptoWithdrawal,
  type StoredFiatWithdrawal,
  type StoredOrder,
  type StoredTransaction,
  type TransactionStatus,
  type TransactionType,
} from "./state";

/** Emulated delay between placement and execution of an order. */
export const ORDER_EXECUTION_DELAY_MS = 5_000;
/** Withdrawals: pending -> processing after this delay... */
export const WITHDRAWAL_PROCESSING_DELAY_MS = 5_000;
/** ...and processing -> completed after this further delay (crypto confirmations, NIP transfer). */
export const CRYPTO_CONFIRMATION_DELAY_MS = 60_000;
export const FIAT_SETTLEMENT_DELAY_MS = 30_000;

export type IdSource = () => string;

function recordTx(
  slice: CoinsSlice,
  newId: IdSource,
  now: number,
  tx: {
    type: TransactionType;
    direction: "credit" | "debit";
    asset: AssetSymbol;
    amount: Decimal;
    status: TransactionStatus;
    reference_type: StoredTransaction["reference_type"];
    reference_id: string;
    description: string;
  },
): StoredTransaction {
  const row: StoredTransaction = {
    id: newId(),
    seq: nextSeq(slice),
    type: tx.type,
    direction: tx.direction,
    asset: tx.asset,
    amount: fixed(tx.amount, ASSETS[tx.asset].decimals),
    status: tx.status,
    reference_type: tx.reference_type,
    reference_id: tx.reference_id,
    description: tx.description,
    created_at: now,
    updated_at: now,
  };
  slice.transactions.push(row);
  return row;
}

/** Credits a deposit and records it (used by seeding; the sandbox has no deposit endpoint here). */
export function recordDeposit(slice: CoinsSlice, newId: IdSource, now: number, asset: AssetSymbol, amount: Decimal, description: string): void {
  credit(slice, asset, amount);
  const depositId = newId();
  recordTx(slice, newId, now, {
    type: "deposit",
    direction: "credit",
    asset,
    amount,
    status: "completed",
    reference_type: "deposit",
    reference_id: depositId,
    description,
  });
}

// ---- orders ----

export interface PlaceOrderInput {
  side: OrderSide;
  market: MarketDef;
  amount: Decimal;
  client_order_id: string | null;
}

export type PlaceOrderResult =
  | { ok: true; order: StoredOrder }
  | { ok: false; kind: "below_minimum"; minimum: string; quoteValue: string }
  | { ok: false; kind: "insufficient_balance"; asset: AssetSymbol; available: string; required: string };

/** The asset and amount an order holds while pending. */
function orderHold(order: Pick<StoredOrder, "side" | "base_asset" | "quote_asset" | "requested_amount">): { asset: AssetSymbol; amount: Decimal } {
  return order.side === "buy"
    ? { asset: order.quote_asset, amount: toDecimal(order.requested_amount) }
    : { asset: order.base_asset, amount: toDecimal(order.requested_amount) };
}

/** Value of the order in the quote asset at the current price (a sell is valued at market). */
export function orderQuoteValue(side: OrderSide, market: MarketDef, amount: Decimal, now: number): Decimal {
  return side === "buy" ? amount : amount.times(quote(market, now).price);
}

export function placeOrder(slice: CoinsSlice, newId: IdSource, now: number, input: PlaceOrderInput): PlaceOrderResult {
  const { market, side, amount } = input;
  const quoteValue = orderQuoteValue(side, market, amount, now);
  if (quoteValue.lessThan(market.min_quote_amount)) {
    return { ok: false, kind: "below_minimum", minimum: market.min_quote_amount, quoteValue: fixed(quoteValue, ASSETS[market.quote].decimals) };
  }
  const order: StoredOrder = {
    id: newId(),
    seq: nextSeq(slice),
    side,
    status: "pending",
    base_asset: market.base,
    quote_asset: market.quote,
    requested_amount: fixed(amount, ASSETS[side === "buy" ? market.quote : market.base].decimals),
    base_amount: side === "sell" ? fixed(amount, ASSETS[market.base].decimals) : null,
    quote_amount: side === "buy" ? fixed(amount, ASSETS[market.quote].decimals) : null,
    executed_price: null,
    filled_quantity: fixed(0, ASSETS[market.base].decimals),
    fee: fixed(0, ASSETS[market.quote].decimals),
    fee_asset: market.quote,
    failure_reason: null,
    client_order_id: input.client_order_id,
    created_at: now,
    updated_at: now,
    execute_at: now + ORDER_EXECUTION_DELAY_MS,
  };
  const hold = orderHold(order);
  const e = slice.balances[hold.asset];
  if (toDecimal(e.available).lessThan(hold.amount)) {
    return { ok: false, kind: "insufficient_balance", asset: hold.asset, available: e.available, required: fixed(hold.amount, ASSETS[hold.asset].decimals) };
  }
  lock(slice, hold.asset, hold.amount);
  slice.orders.push(order);
  return { ok: true, order };
}

/** Fee in the quote asset, rounded up to the quote decimals (the provider never under-charges). */
export function feeFor(gross: Decimal, feeBps: number, quoteDecimals: number): Decimal {
  return gross.times(feeBps).dividedBy(10_000).toDecimalPlaces(quoteDecimals, Decimal.ROUND_UP);
}

/** Executes one pending order at the price of its execution instant. */
export function executeOrder(slice: CoinsSlice, newId: IdSource, order: StoredOrder): void {
  const market = findMarket(order.base_asset, order.quote_asset);
  if (!market) throw new Error(`order ${order.id} references an unknown market`);
  const at = order.execute_at;
  const hold = orderHold(order);
  const q = quote(market, at);
  const qd = ASSETS[market.quote].decimals;
  const bd = ASSETS[market.base].decimals;
  const fail = (reason: StoredOrder["failure_reason"]) => {
    unlock(slice, hold.asset, hold.amount);
    order.status = "failed";
    order.failure_reason = reason;
    order.updated_at = at;
  };
  if (isStale(q, at)) return fail("stale_price");
  const quoteValue = orderQuoteValue(order.side, market, toDecimal(order.requested_amount), at);
  if (quoteValue.greaterThan(market.liquidity_quote)) return fail("insufficient_liquidity");

  const pair = `${market.base}/${market.quote}`;
  // Every ledger row of a fill is completed and points at the order.
  const recordFill = (type: "trade" | "fee", direction: "credit" | "debit", asset: AssetSymbol, amount: Decimal, description: string) =>
    recordTx(slice, newId, at, { type, direction, asset, amount, status: "completed", reference_type: "order", reference_id: order.id, description });
  if (order.side === "buy") {
    // The client spends exactly the requested quote amount: fee first, the rest buys base.
    const spend = toDecimal(order.requested_amount);
    const fee = feeFor(spend, market.fee_bps, qd);
    const base = spend.minus(fee).dividedBy(q.price).toDecimalPlaces(bd, Decimal.ROUND_DOWN);
    consumeLocked(slice, market.quote, spend);
    credit(slice, market.base, base);
    order.base_amount = fixed(base, bd);
    order.quote_amount = fixed(spend, qd);
    order.filled_quantity = fixed(base, bd);
    order.fee = fixed(fee, qd);
    recordFill("trade", "debit", market.quote, spend.minus(fee), `Buy ${pair}`);
    recordFill("fee", "debit", market.quote, fee, `Trading fee ${pair}`);
    recordFill("trade", "credit", market.base, base, `Buy ${pair}`);
  } else {
    const base = toDecimal(order.requested_amount);
    const gross = base.times(q.price).toDecimalPlaces(qd, Decimal.ROUND_DOWN);
    const fee = feeFor(gross, market.fee_bps, qd);
    consumeLocked(slice, market.base, base);
    credit(slice, market.quote, gross.minus(fee));
    order.base_amount = fixed(base, bd);
    order.quote_amount = fixed(gross, qd);
    order.filled_quantity = fixed(base, bd);
    order.fee = fixed(fee, qd);
    recordFill("trade", "debit", market.base, base, `Sell ${pair}`);
    recordFill("trade", "credit", market.quote, gross, `Sell ${pair}`);
    recordFill("fee", "debit", market.quote, fee, `Trading fee ${pair}`);
  }
  order.executed_price = fixed(q.price, market.price_decimals);
  order.status = "completed";
  order.updated_at = at;
}

/** Cancels a pending order; returns false when it is no longer pending. */
export function cancelOrder(slice: CoinsSlice, order: StoredOrder, now: number): boolean {
  if (order.status !== "pending") return false;
  const hold = orderHold(order);
  unlock(slice, hold.asset, hold.amount);
  order.status = "cancelled";
  order.updated_at = now;
  return true;
}

// ---- crypto withdrawals ----

export type CreateWithdrawalResult<T> =
  | { ok: true; withdrawal: T }
  | { ok: false; kind: "below_minimum"; minimum: string }
  | { ok: false; kind: "insufficient_balance"; asset: AssetSymbol; available: string; required: string };

type WithdrawalRefusal = Extract<CreateWithdrawalResult<never>, { ok: false }>;

/**
 * Both withdrawal kinds refuse amounts below their minimum, then hold amount plus fee on the
 * available balance. Returns the refusal, or null once the hold is placed.
 */
function holdForWithdrawal(slice: CoinsSlice, asset: AssetSymbol, amount: Decimal, fee: Decimal, minimum: string): WithdrawalRefusal | null {
  if (amount.lessThan(minimum)) return { ok: false, kind: "below_minimum", minimum };
  const total = amount.plus(fee);
  const available = slice.balances[asset].available;
  if (toDecimal(available).lessThan(total))
    return { ok: false, kind: "insufficient_balance", asset, available, required: fixed(total, ASSETS[asset].decimals) };
  lock(slice, asset, total);
  return null;
}

/** A new withdrawal's two pending ledger rows, amount then fee, both debits until it settles. */
function recordWithdrawalDebits(
  slice: CoinsSlice,
  newId: IdSource,
  now: number,
  reference: { reference_type: "crypto_withdrawal" | "fiat_withdrawal"; reference_id: string },
  asset: AssetSymbol,
  amounts: { amount: Decimal; fee: Decimal },
  descriptions: { amount: string; fee: string },
): void {
  const ref = { ...reference, status: "pending" as const };
  recordTx(slice, newId, now, { type: "withdrawal", direction: "debit", asset, amount: amounts.amount, description: descriptions.amount, ...ref });
  recordTx(slice, newId, now, { type: "fee", direction: "debit", asset, amount: amounts.fee, description: descriptions.fee, ...ref });
}

/** Sandbox rule: an EVM address ending in "dead" is refused by the network (a failure to look at). */
export function addressIsRejected(address: string): boolean {
  return address.toLowerCase().endsWith("dead");
}

export function createCryptoWithdrawal(
  slice: CoinsSlice,
  newId: IdSource,
  now: number,
  address: SavedAddress,
  amount: Decimal,
): CreateWithdrawalResult<StoredCryptoWithdrawal> {
  const rail = findRail(address.asset, address.chain);
  if (!rail) throw new Error(`saved address ${address.id} is on a rail that no longer exists`);
  const dp = ASSETS[address.asset].decimals;
  const fee = toDecimal(rail.network_fee);
  const refusal = holdForWithdrawal(slice, address.asset, amount, fee, rail.min_amount);
  if (refusal) return refusal;
  const w: StoredCryptoWithdrawal = {
    id: newId(),
    seq: nextSeq(slice),
    address_id: address.id,
    address: address.address,
    asset: address.asset,
    chain: address.chain,
    amount: fixed(amount, dp),
    fee: fixed(fee, dp),
    status: "pending",
    tx_hash: null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
  slice.cryptoWithdrawals.push(w);
  recordWithdrawalDebits(
    slice,
    newId,
    now,
    { reference_type: "crypto_withdrawal", reference_id: w.id },
    w.asset,
    { amount, fee },
    {
      amount: `Withdrawal to ${w.chain} address`,
      fee: `Network fee (${w.chain})`,
    },
  );
  return { ok: true, withdrawal: w };
}

function settleWithdrawalTxs(slice: CoinsSlice, referenceId: string, status: TransactionStatus, at: number): void {
  for (const tx of slice.transactions) {
    if (tx.reference_id === referenceId) {
      tx.status = status;
      tx.updated_at = at;
    }
  }
}

type StoredWithdrawal = StoredCryptoWithdrawal | StoredFiatWithdrawal;

/** A refused withdrawal: the hold returns to the available balance and its ledger rows fail. */
function failWithdrawal(slice: CoinsSlice, w: StoredWithdrawal, asset: AssetSymbol, held: Decimal, reason: string, at: number): void {
  unlock(slice, asset, held);
  w.status = "failed";
  w.failure_reason = reason;
  w.updated_at = at;
  settleWithdrawalTxs(slice, w.id, "failed", at);
}

/** A settled withdrawal: the held amount leaves the balance and its ledger rows complete. */
function completeWithdrawal(slice: CoinsSlice, w: StoredWithdrawal, asset: AssetSymbol, held: Decimal, at: number): void {
  consumeLocked(slice, asset, held);
  w.status = "completed";
  w.completed_at = at;
  w.updated_at = at;
  settleWithdrawalTxs(slice, w.id, "completed", at);
}

/** A transaction-hash-looking string derived from the withdrawal id (deterministic per record). */
function txHashFor(w: StoredCryptoWithdrawal): string {
  const hex = w.id.replace(/-/g, "");
  const body = (hex + hex).slice(0, 64);
  return w.chain === "bitcoin" || w.chain === "tron" ? body : w.chain === "solana" ? body.replace(/0/g, "A").slice(0, 64) : `0x${body}`;
}

function advanceCryptoWithdrawal(slice: CoinsSlice, w: StoredCryptoWithdrawal, now: number): void {
  const dp = ASSETS[w.asset].decimals;
  const total = toDecimal(w.amount).plus(w.fee);
  if (w.status === "pending" && now >= w.created_at + WITHDRAWAL_PROCESSING_DELAY_MS) {
    const at = w.created_at + WITHDRAWAL_PROCESSING_DELAY_MS;
    if (addressIsRejected(w.address)) {
      failWithdrawal(slice, w, w.asset, total, "address_rejected", at);
      return;
    }
    w.status = "processing";
    w.tx_hash = txHashFor(w);
    w.updated_at = at;
  }
  if (w.status === "processing" && now >= w.created_at + WITHDRAWAL_PROCESSING_DELAY_MS + CRYPTO_CONFIRMATION_DELAY_MS) {
    const at = w.created_at + WITHDRAWAL_PROCESSING_DELAY_MS + CRYPTO_CONFIRMATION_DELAY_MS;
    completeWithdrawal(slice, w, w.asset, toDecimal(fixed(total, dp)), at);
  }
}

// ---- fiat withdrawals ----

/** Sandbox rule: account numbers ending in "99" do not exist at the bank (a failure to look at). */
export function accountIsInvalid(accountNumber: string): boolean {
  return accountNumber.endsWith("99");
}

/** The name the sandbox "resolves" for an account, as a bank name enquiry would. */
export function resolvedAccountName(accountNumber: string): string {
  return `Sandbox Beneficiary ${accountNumber.slice(-4)}`;
}

export function createFiatWithdrawal(
  slice: CoinsSlice,
  newId: IdSource,
  now: number,
  input: { amount: Decimal; bank_code: string; account_number: string; narration: string | null },
): CreateWithdrawalResult<StoredFiatWithdrawal> {
  const fee = toDecimal(FIAT_WITHDRAWAL.fee);
  const refusal = holdForWithdrawal(slice, "NGN", input.amount, fee, FIAT_WITHDRAWAL.min_amount);
  if (refusal) return refusal;
  const id = newId();
  const w: StoredFiatWithdrawal = {
    id,
    seq: nextSeq(slice),
    currency: "NGN",
    amount: fixed(input.amount, 2),
    fee: fixed(fee, 2),
    bank_code: input.bank_code,
    bank_name: BANKS[input.bank_code] ?? input.bank_code,
    account_number: input.account_number,
    account_name: resolvedAccountName(input.account_number),
    narration: input.narration,
    reference: `FW-${id.replace(/-/g, "").slice(0, 12).toUpperCase()}`,
    status: "pending",
    failure_reason: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
  slice.fiatWithdrawals.push(w);
  recordWithdrawalDebits(
    slice,
    newId,
    now,
    { reference_type: "fiat_withdrawal", reference_id: w.id },
    "NGN",
    { amount: input.amount, fee },
    {
      amount: `Bank transfer to ${w.bank_name} ****${w.account_number.slice(-4)}`,
      fee: "Bank transfer fee",
    },
  );
  return { ok: true, withdrawal: w };
}

function advanceFiatWithdrawal(slice: CoinsSlice, w: StoredFiatWithdrawal, now: number): void {
  const total = toDecimal(w.amount).plus(w.fee);
  const processingAt = w.created_at + WITHDRAWAL_PROCESSING_DELAY_MS;
  if (w.status === "pending" && now >= processingAt) {
    if (accountIsInvalid(w.account_number)) {
      failWithdrawal(slice, w, "NGN", total, "beneficiary_account_invalid", processingAt);
      return;
    }
    w.status = "processing";
    w.updated_at = processingAt;
  }
  const settledAt = processingAt + FIAT_SETTLEMENT_DELAY_MS;
  if (w.status === "processing" && now >= settledAt) {
    completeWithdrawal(slice, w, "NGN", total, settledAt);
  }
}

/**
 * Moves every time-driven record of the slice up to `now`. Returns true when anything changed
 * (so the caller saves). Orders execute in placement order so balances evolve as they would.
 */
export function advance(slice: CoinsSlice, newId: IdSource, now: number): boolean {
  const before = slice.seq;
  let changed = false;
  // Runs every tick: only due orders are collected and sorted.
  const due = slice.orders.filter((o) => o.status === "pending" && now >= o.execute_at).sort((a, b) => a.seq - b.seq);
  for (const o of due) {
    executeOrder(slice, newId, o);
    changed = true;
  }
  for (const w of slice.cryptoWithdrawals) {
    const s = w.status;
    if (s === "pending" || s === "processing") {
      advanceCryptoWithdrawal(slice, w, now);
      if (w.status !== s) changed = true;
    }
  }
  for (const w of slice.fiatWithdrawals) {
    const s = w.status;
    if (s === "pending" || s === "processing") {
      advanceFiatWithdrawal(slice, w, now);
      if (w.status !== s) changed = true;
    }
  }
  return changed || slice.seq !== before;
}
