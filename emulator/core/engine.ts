/**
 * The core surface's domain engine: balances, deposit settlement, flagging, the lifecycles of
 * funding accounts, deposits, transfers and merchant withdrawals, and the time-driven tick.
 * Routes validate input and call in here; every state change emits its current-name event with
 * the resource as GET returns it.
 */
import { createHash, randomUUID } from "node:crypto";
import type { EmulatorContext } from "../lib/contract";
import { Decimal, add, cmp, div, fixed, mul, sub } from "../lib/money";
import { currentRate, isRateExpired, MIN_DEPOSIT_NGN, pruneRates, RATE_FEE_BPS } from "./rates";
import type { Balances, CoreSlice, Deposit, FundingAccount, MerchantWithdrawal, RateRecord, Recipient, SettlementMode, Transfer } from "./types";
import { depositView, fundingAccountView, transferView, withdrawalView } from "./views";

/** Emulated delays of the time-driven transitions. */
export const DELAYS = {
  fundingActivation: 2_000,
  depositProcessing: 5_000,
  depositOutcome: 60_000,
  transferOutcome: 30_000,
  withdrawalSubmit: 10_000,
  withdrawalSettle: 60_000,
} as const;

export const TEMPORARY_ACCOUNT_TTL_MS = 60 * 60 * 1000;
export const DEPOSIT_FEE_BPS = RATE_FEE_BPS;
/** Customer email whose funding accounts fail to provision (documented sandbox trigger). */
export const FAILING_CUSTOMER_EMAIL = "provisioning.fail@sandbox.test";
/** Destination address whose merchant withdrawals fail on submission (documented trigger). */
export const FAILING_WITHDRAWAL_ADDRESS = "0x000000000000000000000000000000000000dEaD";
/** Transfers debiting more than this (USD) are held for review (documented trigger). */
export const TRANSFER_REVIEW_THRESHOLD_USD = "10000.00";
export const WITHDRAWAL_FEE_USD = "1.00";
export const MIN_CRYPTO_DEPOSIT = "1.00";

export function slice(ctx: EmulatorContext, merchantId: string): CoreSlice {
  return ctx.slice<CoreSlice>("core", merchantId);
}

export function emit(ctx: EmulatorContext, merchantId: string, event: string, data: unknown): void {
  ctx.webhooks.emit(merchantId, "core", event, data);
}

// ---------- generated identifiers ----------

function digest(seed: string): string {
  return createHash("sha256").update(seed).digest("hex");
}

/** A 10-digit NUBAN-shaped account number, unique per merchant through the slice's sequence. */
export function nextAccountNumber(s: CoreSlice, merchantId: string): string {
  s.sequence += 1;
  const salt = parseInt(digest(merchantId).slice(0, 4), 16) % 90;
  return `${10 + salt}${String(s.sequence).padStart(8, "0")}`;
}

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** A deposit address in the chain family's format, derived from a seed string. */
export function addressFor(chain: string, seed: string): string {
  const hex = digest(`${chain}:${seed}`) + digest(`${seed}:${chain}`);
  if (chain === "APTOS") return `0x${hex.slice(0, 64)}`;
  if (chain === "SOLANA" || chain === "TRON") {
    const chars = [...hex].map((ch, i) => BASE58[(parseInt(ch, 16) * 3 + i) % BASE58.length]).join("");
    return chain === "TRON" ? `T${chars.slice(0, 33)}` : chars.slice(0, 44);
  }
  return `0x${hex.slice(0, 40)}`;
}

export function txHash(seed: string): string {
  return `0x${digest(`tx:${seed}`)}`;
}

// ---------- balances ----------

export type BalanceKey = "collection_balance_usd" | "withdrawal_balance_usd" | "withdrawal_balance_ngn";

export function credit(s: CoreSlice, key: BalanceKey, amount: Decimal | string, nowIso: string): void {
  s.balances[key] = fixed(add(s.balances[key], amount), 2);
  s.balances.updated_at = nowIso;
}

/** Debits only when the balance covers it; balances never go negative. */
export function tryDebit(s: CoreSlice, key: BalanceKey, amount: Decimal | string, nowIso: string): boolean {
  if (cmp(s.balances[key], amount) < 0) return false;
  s.balances[key] = fixed(sub(s.balances[key], amount), 2);
  s.balances.updated_at = nowIso;
  return true;
}

export function balancesView(b: Balances): Balances {
  return { ...b };
}

// ---------- funding accounts ----------

export function findCustomer(s: CoreSlice, id: string | null) {
  return id ? s.customers.find((c) => c.id === id) : undefined;
}

/** Why the settlement destination cannot settle a deposit yet, or null when it can. */
export function settlementNotReady(fa: FundingAccount): string | null {
  const sd = fa.settlement_destination;
  if (sd.type === "NGN_PAYOUT") {
    if (!sd.rate_id) return "the NGN_PAYOUT settlement destination has no rate_id";
    if (!sd.destination_bank) return "the NGN_PAYOUT settlement destination has no destination_bank";
  }
  if (sd.type === "ONCHAIN") {
    if (!sd.rate_id) return "the ONCHAIN settlement destination has no rate_id";
    if (!sd.destination_address || !sd.destination_asset || !sd.destination_chain) {
      return "the ONCHAIN settlement destination has no destination wallet (asset, chain and address)";
    }
  }
  return null;
}

function activateFundingAccount(ctx: EmulatorContext, merchantId: string, s: CoreSlice, fa: FundingAccount, atMs: number): void {
  const at = ctx.clock.iso(atMs);
  const customer = findCustomer(s, fa.customer_id);
  fa.activate_at_ms = null;
  fa.updated_at = at;
  if (customer && customer.email === FAILING_CUSTOMER_EMAIL) {
    fa.status = "FAILED";
    fa.failure_reason = "The banking partner rejected the account request for this customer.";
    for (const i of fa.instructions) i.status = "FAILED";
    emit(ctx, merchantId, "funding_account.failed", fundingAccountView(fa));
    return;
  }
  fa.status = "ACTIVE";
  for (const i of fa.instructions) i.status = "ACTIVE";
  emit(ctx, merchantId, "funding_account.active", fundingAccountView(fa));
}

function expireFundingAccount(ctx: EmulatorContext, merchantId: string, fa: FundingAccount): void {
  fa.status = "DISABLED";
  fa.updated_at = fa.expires_at ?? fa.updated_at;
  for (const i of fa.instructions) if (i.status === "ACTIVE" || i.status === "USED") i.status = "EXPIRED";
  emit(ctx, merchantId, "funding_account.disabled", fundingAccountView(fa));
}

// ---------- deposits ----------

export type DepositScenario = "PROCESSING" | "COMPLETED" | "REQUIRES_REVIEW" | "FAILED";

interface Flag {
  code: string;
  message: string;
}

/** The review flags a deposit would carry on arrival, in priority order. */
export function depositFlags(s: CoreSlice, fa: FundingAccount, amount: string, nowMs: number): Flag[] {
  const flags: Flag[] = [];
  if (fa.expires_at && Date.parse(fa.expires_at) <= nowMs) {
    flags.push({ code: "late_deposit", message: `Deposit arrived after the receive instruction expired at ${fa.expires_at}.` });
  }
  if (fa.type === "TEMPORARY" && fa.rail === "NGN_VIRTUAL_ACCOUNT" && fa.deposit_count >= 1) {
    flags.push({
      code: "temporary_account_reused",
      message: "A further deposit arrived on a temporary NGN account that was already used.",
    });
  }
  if (fa.type === "TEMPORARY" && fa.rail === "NGN_VIRTUAL_ACCOUNT" && fa.amount !== null && cmp(amount, fa.amount) !== 0) {
    flags.push({ code: "amount_mismatch", message: `Expected NGN ${fa.amount}, received NGN ${amount}.` });
  }
  const rateId = fa.settlement_destination.rate_id;
  if (rateId) {
    const rate = s.rates[rateId];
    if (!rate || isRateExpired(rate, nowMs)) {
      flags.push({ code: "rate_expired", message: `The rate ${rateId} tied to the funding account has expired.` });
    }
  }
  return flags;
}

/** Default amount of a simulated deposit when none is given. */
export function defaultDepositAmount(fa: FundingAccount): string {
  if (fa.rail === "NGN_VIRTUAL_ACCOUNT") return fa.amount ?? "50000.00";
  return "100.00";
}

export interface Settlement {
  settled_amount: string;
  settled_currency: string;
  rate: RateRecord | null;
  mode: SettlementMode;
  credit_to: Deposit["credit_to"];
  deposit_fee: string;
  total_fee_usd: string;
  chain: string | null;
  developer_fee: Deposit["developer_fee"];
  customer_amount: Deposit["customer_amount"];
}

function rateFor(s: CoreSlice, fa: FundingAccount): RateRecord | null {
  const id = fa.settlement_destination.rate_id;
  if (id && s.rates[id]) return s.rates[id] as RateRecord;
  return null;
}

/**
 * Computes what a deposit settles to. Fees are 50 bps of the received amount in its currency;
 * conversions round the credited amount down to the cent so the provider never over-credits.
 */
export function computeSettlement(s: CoreSlice, fa: FundingAccount, amount: string, nowMs: number): Settlement {
  const fee = fixed(mul(amount, new Decimal(DEPOSIT_FEE_BPS).dividedBy(10_000)), 2);
  const net = sub(amount, fee);
  const sd = fa.settlement_destination;
  let settled: Decimal;
  let currency: string;
  let rate: RateRecord | null = null;
  let mode: SettlementMode;
  let creditTo: Deposit["credit_to"];
  let totalFeeUsd: string;
  let chain: string | null = null;

  if (fa.rail === "NGN_VIRTUAL_ACCOUNT") {
    const usdRate = currentRate(s, nowMs, "USD", "BUY");
    if (fa.merchant_owned && s.funding.ngn_settlement_destination === "NGN_BALANCE") {
      settled = net;
      currency = "NGN";
      mode = "INTERNAL_BALANCE";
      creditTo = "withdrawal_ngn";
      totalFeeUsd = fixed(div(fee, usdRate.rate), 2);
    } else if (sd.type === "ONCHAIN") {
      rate = rateFor(s, fa) ?? currentRate(s, nowMs, sd.destination_asset ?? "USDC", "BUY");
      settled = div(net, rate.rate);
      currency = sd.destination_asset ?? rate.to;
      mode = "ONCHAIN";
      creditTo = "none";
      chain = sd.destination_chain;
      totalFeeUsd = fixed(div(fee, rate.rate), 2);
    } else {
      rate = rateFor(s, fa) ?? usdRate;
      settled = div(net, rate.rate);
      currency = "USD";
      mode = "INTERNAL_BALANCE";
      creditTo = fa.merchant_owned ? "withdrawal_usd" : "collection_usd";
      totalFeeUsd = fixed(div(fee, rate.rate), 2);
    }
  } else if (sd.type === "NGN_PAYOUT") {
    rate = rateFor(s, fa) ?? currentRate(s, nowMs, fa.asset ?? "USDC", "SELL");
    settled = mul(net, rate.rate);
    currency = "NGN";
    mode = "CUSTOMER_NGN_BALANCE";
    creditTo = "none";
    totalFeeUsd = fee;
  } else {
    settled = net;
    currency = "USD";
    mode = "INTERNAL_BALANCE";
    creditTo = "collection_usd";
    totalFeeUsd = fee;
  }
  const settledStr = fixed(settled, 2, "down");
  let developerFee: Deposit["developer_fee"] = null;
  let customerAmount: Deposit["customer_amount"] = null;
  if (fa.developer_fee) {
    const devAmount = fixed(mul(settledStr, div(fa.developer_fee.percentage, 100)), 2, "down");
    developerFee = { percentage: fa.developer_fee.percentage, amount: devAmount, currency };
    customerAmount = { amount: fixed(sub(settledStr, devAmount), 2), currency };
  }
  return {
    settled_amount: settledStr,
    settled_currency: currency,
    rate,
    mode,
    credit_to: creditTo,
    deposit_fee: fee,
    total_fee_usd: totalFeeUsd,
    chain,
    developer_fee: developerFee,
    customer_amount: customerAmount,
  };
}

/** Applies a completed deposit's credit to the merchant balances. */
function creditDeposit(s: CoreSlice, d: Deposit, nowIso: string): void {
  if (d.settled_amount === null) return;
  if (d.credit_to === "collection_usd") credit(s, "collection_balance_usd", d.settled_amount, nowIso);
  else if (d.credit_to === "withdrawal_usd") credit(s, "withdrawal_balance_usd", d.settled_amount, nowIso);
  else if (d.credit_to === "withdrawal_ngn") credit(s, "withdrawal_balance_ngn", d.settled_amount, nowIso);
  else if (d.developer_fee) {
    // Settled outside the merchant's balances (on chain or to the customer): the developer fee
    // is what the merchant keeps, credited in kind (NGN to the NGN balance, stablecoins as USD).
    const key: BalanceKey = d.developer_fee.currency === "NGN" ? "withdrawal_balance_ngn" : "collection_balance_usd";
    credit(s, key, d.developer_fee.amount, nowIso);
  }
}

function completeDeposit(ctx: EmulatorContext, merchantId: string, s: CoreSlice, d: Deposit, at: string): void {
  d.status = "COMPLETED";
  d.settlement_status = "COMPLETED";
  d.next_step_at_ms = null;
  d.updated_at = at;
  if (d.settlement_mode === "ONCHAIN" && d.tx_hash === null) d.tx_hash = txHash(`settle:${d.id}`);
  creditDeposit(s, d, at);
  emit(ctx, merchantId, "deposit.completed", depositView(d));
}

function flagDeposit(ctx: EmulatorContext, merchantId: string, d: Deposit, flag: Flag, at: string): void {
  d.status = "REQUIRES_REVIEW";
  d.settlement_status = "REQUIRES_REVIEW";
  d.flag_code = flag.code;
  d.flag_message = flag.message;
  d.next_step_at_ms = null;
  d.updated_at = at;
  emit(ctx, merchantId, "deposit.requires_review", depositView(d));
}

function failDeposit(ctx: EmulatorContext, merchantId: string, d: Deposit, code: string, message: string, at: string): void {
  d.status = "FAILED";
  d.settlement_status = "FAILED";
  d.failure_code = code;
  d.failure_message = message;
  d.next_step_at_ms = null;
  d.updated_at = at;
  emit(ctx, merchantId, "deposit.failed", depositView(d));
}

function startProcessing(ctx: EmulatorContext, merchantId: string, d: Deposit, at: string): void {
  d.status = "PROCESSING";
  d.settlement_status = "PROCESSING";
  d.updated_at = at;
  emit(ctx, merchantId, "deposit.processing", depositView(d));
}

/** A deposit's review and scheduling fields before anything flags, fails or schedules it. */
export const UNREVIEWED_DEPOSIT = {
  flag_code: null,
  flag_message: null,
  failure_code: null,
  failure_message: null,
  planned_outcome: null,
  planned_flag: null,
  next_step_at_ms: null,
} as const satisfies Partial<Deposit>;

/** The fields of a deposit record that depend on when and how far it has got, not on the settlement. */
export type DepositProgress = Pick<Deposit, "id" | "status" | "settlement_status" | "tx_hash" | "created_at" | "updated_at">;

/**
 * The record of `amount` arriving on `fa`, settled as `st` says. The simulator and the seed both
 * build deposits here, so seeded history carries exactly the fields live deposits do.
 */
export function depositRecord(fa: FundingAccount, amount: string, st: Settlement, progress: DepositProgress): Deposit {
  const isCrypto = fa.rail === "CRYPTO_ADDRESS";
  const currency = isCrypto ? (fa.asset as string) : "NGN";
  return {
    id: progress.id,
    type: isCrypto ? "CRYPTO_DEPOSIT" : "NGN_DEPOSIT",
    funding_account_id: fa.id,
    onramp_id: null,
    offramp_id: null,
    customer_id: fa.customer_id,
    amount,
    currency,
    settled_amount: st.settled_amount,
    settled_currency: st.settled_currency,
    rate: st.rate ? st.rate.rate : null,
    rate_id: st.rate ? st.rate.rate_id : null,
    status: progress.status,
    settlement_status: progress.settlement_status,
    settlement_mode: st.mode,
    credit_to: st.credit_to,
    asset: isCrypto ? fa.asset : null,
    chain: isCrypto ? fa.chain : st.chain,
    tx_hash: progress.tx_hash,
    fees: { deposit_fee: { amount: st.deposit_fee, currency }, total_fee_usd: st.total_fee_usd },
    developer_fee: st.developer_fee,
    customer_amount: st.customer_amount,
    ...UNREVIEWED_DEPOSIT,
    created_at: progress.created_at,
    updated_at: progress.updated_at,
  };
}

/**
 * Records a deposit arriving on a funding account and runs the scenario (or, without one, starts
 * the production-like flow that the tick finishes). Emits `deposit.received` first, always.
 */
export function receiveDeposit(
  ctx: EmulatorContext,
  merchantId: string,
  s: CoreSlice,
  fa: FundingAccount,
  amount: string,
  scenario: DepositScenario | undefined,
): Deposit {
  const nowMs = ctx.clock.now();
  const at = ctx.clock.iso(nowMs);
  const flags = depositFlags(s, fa, amount, nowMs);
  const st = computeSettlement(s, fa, amount, nowMs);
  const isCrypto = fa.rail === "CRYPTO_ADDRESS";
  const id = randomUUID();
  const d = depositRecord(fa, amount, st, {
    id,
    status: "RECEIVED",
    settlement_status: "PENDING",
    tx_hash: isCrypto ? txHash(`in:${id}`) : null,
    created_at: at,
    updated_at: at,
  });
  s.deposits.push(d);
  fa.deposit_count += 1;
  if (fa.type === "TEMPORARY" && fa.rail === "NGN_VIRTUAL_ACCOUNT") {
    for (const i of fa.instructions) if (i.status === "ACTIVE") i.status = "USED";
  }
  fa.updated_at = at;
  emit(ctx, merchantId, "deposit.received", depositView(d));

  switch (scenario) {
    case "PROCESSING":
      startProcessing(ctx, merchantId, d, at);
      break;
    case "COMPLETED":
      completeDeposit(ctx, merchantId, s, d, at);
      break;
    case "REQUIRES_REVIEW":
      flagDeposit(ctx, merchantId, d, flags[0] ?? { code: "manual_review", message: "Held for manual review (sandbox scenario)." }, at);
      break;
    case "FAILED":
      failDeposit(ctx, merchantId, d, "deposit_failed", "The deposit could not be processed (sandbox scenario).", at);
      break;
    default: {
      const minimum = isCrypto ? MIN_CRYPTO_DEPOSIT : MIN_DEPOSIT_NGN;
      if (cmp(amount, minimum) < 0) d.planned_outcome = "FAILED";
      else if (flags[0]) {
        d.planned_outcome = "REQUIRES_REVIEW";
        d.planned_flag = flags[0];
      } else d.planned_outcome = "COMPLETED";
      d.next_step_at_ms = nowMs + DELAYS.depositProcessing;
    }
  }
  return d;
}

function stepDeposit(ctx: EmulatorContext, merchantId: string, s: CoreSlice, d: Deposit, now: number): void {
  while (d.next_step_at_ms !== null && d.next_step_at_ms <= now) {
    const dueMs = d.next_step_at_ms;
    const at = ctx.clock.iso(dueMs);
    if (d.status === "RECEIVED") {
      startProcessing(ctx, merchantId, d, at);
      d.next_step_at_ms = dueMs + DELAYS.depositOutcome;
      continue;
    }
    if (d.planned_outcome === "COMPLETED") completeDeposit(ctx, merchantId, s, d, at);
    else if (d.planned_outcome === "FAILED") {
      const minimum = d.type === "CRYPTO_DEPOSIT" ? MIN_CRYPTO_DEPOSIT : MIN_DEPOSIT_NGN;
      failDeposit(ctx, merchantId, d, "below_minimum", `The deposit is below the minimum of ${minimum} ${d.currency}.`, at);
    } else {
      flagDeposit(ctx, merchantId, d, d.planned_flag ?? { code: "manual_review", message: "Held for manual review." }, at);
    }
    d.planned_outcome = null;
    d.planned_flag = null;
  }
}

// ---------- transfers ----------

export interface TransferQuote {
  rate: { side: "SELL"; value: string; captured_at: string };
  fee: string;
  debit_amount: string;
}

/** Flat fees per payout rail, in USD. NGN bank payouts pay the rate's 50 bps instead. */
export const TRANSFER_FEES_USD = { ach: "1.00", wire: "15.00", swift: "25.00", crypto: "1.00" } as const;

/**
 * Prices a transfer: NGN amounts convert at the current SELL rate (USD -> NGN) and pay 50 bps;
 * USD and stablecoin amounts are 1:1 with a flat fee. debit_amount is the total taken from the
 * withdrawal balance (converted amount plus fee), rounded up to the cent.
 */
export function quoteTransfer(
  s: CoreSlice,
  r: Pick<Recipient, "type" | "us_bank_account">,
  currency: string,
  amount: string,
  nowMs: number,
  at: string,
): TransferQuote {
  if (currency === "NGN") {
    const rate = currentRate(s, nowMs, "USD", "SELL");
    const base = div(amount, rate.rate);
    const fee = mul(base, new Decimal(RATE_FEE_BPS).dividedBy(10_000));
    const feeStr = fixed(fee, 2, "up");
    return { rate: { side: "SELL", value: rate.rate, captured_at: at }, fee: feeStr, debit_amount: fixed(add(fixed(base, 2, "up"), feeStr), 2) };
  }
  let fee: string = TRANSFER_FEES_USD.crypto;
  if (r.type === "US_BANK_ACCOUNT") fee = r.us_bank_account?.payout_scheme === "wire" ? TRANSFER_FEES_USD.wire : TRANSFER_FEES_USD.ach;
  if (r.type === "SWIFT_BANK_ACCOUNT") fee = TRANSFER_FEES_USD.swift;
  return { rate: { side: "SELL", value: "1.00", captured_at: at }, fee, debit_amount: fixed(add(amount, fee), 2, "up") };
}

export function transferEventView(s: CoreSlice, t: Transfer): Record<string, unknown> {
  return transferView(
    t,
    s.recipients.find((r) => r.id === t.recipient_id),
  );
}

function stepTransfer(ctx: EmulatorContext, merchantId: string, s: CoreSlice, t: Transfer, now: number): void {
  if (t.next_step_at_ms === null || t.next_step_at_ms > now) return;
  const at = ctx.clock.iso(t.next_step_at_ms);
  t.next_step_at_ms = null;
  t.updated_at = at;
  if (t.planned_outcome === "FAILED") {
    t.status = "FAILED";
    t.failure_code = "beneficiary_account_closed";
    t.failure_message = "The beneficiary bank reported the account as closed; the debit was returned to the withdrawal balance.";
    credit(s, "withdrawal_balance_usd", t.debit_amount, at);
    emit(ctx, merchantId, "transfer.failed", transferEventView(s, t));
  } else if (t.planned_outcome === "REQUIRES_REVIEW") {
    t.status = "REQUIRES_REVIEW";
    t.flag_code = "amount_above_review_threshold";
    t.flag_message = `Transfers debiting more than USD ${TRANSFER_REVIEW_THRESHOLD_USD} are reviewed by compliance before payout.`;
    emit(ctx, merchantId, "transfer.requires_review", transferEventView(s, t));
  } else {
    t.status = "COMPLETED";
    t.completed_at = at;
    emit(ctx, merchantId, "transfer.completed", transferEventView(s, t));
  }
}

// ---------- merchant withdrawals ----------

function stepWithdrawal(ctx: EmulatorContext, merchantId: string, s: CoreSlice, w: MerchantWithdrawal, now: number): void {
  while (w.next_step_at_ms !== null && w.next_step_at_ms <= now) {
    const dueMs = w.next_step_at_ms;
    const at = ctx.clock.iso(dueMs);
    w.updated_at = at;
    if (w.status === "PENDING") {
      if (w.destination_address.toLowerCase() === FAILING_WITHDRAWAL_ADDRESS.toLowerCase()) {
        w.status = "FAILED";
        w.failure_code = "destination_rejected";
        w.failure_message = "The destination address is blocked by the wallet provider; amount and fee were refunded to the withdrawal balance.";
        w.next_step_at_ms = null;
        credit(s, "withdrawal_balance_usd", add(w.amount_usd, w.fee_usd), at);
        emit(ctx, merchantId, "withdrawal.failed", withdrawalView(w));
        return;
      }
      w.status = "SUBMITTED";
      w.submitted_at = at;
      w.provider_tx_id = `ptx_${w.id.replace(/-/g, "").slice(0, 20)}`;
      w.tx_hash = txHash(`wd:${w.id}`);
      w.next_step_at_ms = dueMs + DELAYS.withdrawalSettle;
      emit(ctx, merchantId, "withdrawal.submitted", withdrawalView(w));
    } else if (w.status === "SUBMITTED") {
      w.status = "SETTLED";
      w.settled_at = at;
      w.next_step_at_ms = null;
      emit(ctx, merchantId, "withdrawal.completed", withdrawalView(w));
    } else {
      w.next_step_at_ms = null;
    }
  }
}

// ---------- tick ----------

export function tickMerchant(ctx: EmulatorContext, merchantId: string, now: number): boolean {
  const s = slice(ctx, merchantId);
  let changed = false;
  for (const fa of s.fundingAccounts) {
    if (fa.status === "PENDING" && fa.activate_at_ms !== null && fa.activate_at_ms <= now) {
      activateFundingAccount(ctx, merchantId, s, fa, fa.activate_at_ms);
      changed = true;
    }
    if (fa.status === "ACTIVE" && fa.type === "TEMPORARY" && fa.expires_at && Date.parse(fa.expires_at) <= now) {
      expireFundingAccount(ctx, merchantId, fa);
      changed = true;
    }
  }
  for (const d of s.deposits) {
    if (d.next_step_at_ms !== null && d.next_step_at_ms <= now) {
      stepDeposit(ctx, merchantId, s, d, now);
      changed = true;
    }
  }
  for (const t of s.transfers) {
    if (t.next_step_at_ms !== null && t.next_step_at_ms <= now) {
      stepTransfer(ctx, merchantId, s, t, now);
      changed = true;
    }
  }
  for (const w of s.withdrawals) {
    if (w.next_step_at_ms !== null && w.next_step_at_ms <= now) {
      stepWithdrawal(ctx, merchantId, s, w, now);
      changed = true;
    }
  }
  for (const o of [...s.onramps, ...s.offramps]) {
    if (o.status === "ACTIVE" && o.expires_at && Date.parse(o.expires_at) <= now) {
      o.status = "EXPIRED";
      o.updated_at = o.expires_at;
      changed = true;
    }
  }
  const before = Object.keys(s.rates).length;
  pruneRates(s, now);
  if (Object.keys(s.rates).length !== before) changed = true;
  return changed;
}

export function tick(ctx: EmulatorContext, now: number): void {
  let changed = false;
  for (const m of ctx.state.merchants) {
    if (tickMerchant(ctx, m.id, now)) changed = true;
  }
  if (changed) ctx.save();
}
