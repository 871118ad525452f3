/**
 * Seeded state of one merchant on the core surface: customers, funding accounts of every kind,
 * deposits in every status (some flagged, some legacy), recipients of all four types, transfers,
 * withdrawals, balances, the merchant funding configuration and enough legacy records to page.
 * Deterministic for a given rng and clock.
 */
import type { EmulatorContext, Merchant, Rng } from "../lib/contract";
import { add, div, fixed, mul, sub } from "../lib/money";
import { SECOND_MERCHANT_ID } from "../lib/seed-data";
import { addressFor, computeSettlement, DELAYS, depositRecord, FAILING_CUSTOMER_EMAIL, TEMPORARY_ACCOUNT_TTL_MS, txHash, UNREVIEWED_DEPOSIT } from "./engine";
import { historicRate } from "./rates";
import { BANKS, findBank, TEST_ACCOUNTS, VIRTUAL_ACCOUNT_BANK } from "./reference";
import type { CoreSlice, Customer, Deposit, FundingAccount, Instruction, Payout, Recipient, SettlementDestination, StableAsset } from "./types";
import { recipientFingerprint } from "./recipients-validate";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Daily funding-account creation quota per merchant (the spec's 1,000; a small one to exercise the freeze). */
export const DEFAULT_FUNDING_QUOTA = 1000;
export const SECOND_MERCHANT_FUNDING_QUOTA = 5;

const CUSTOMER_SEED: readonly [string, string, 1 | 2, boolean][] = [
  ["Amaka", "Obi", 2, true],
  ["Tunde", "Bakare", 2, true],
  ["Ngozi", "Umeh", 2, true],
  ["Yusuf", "Sani", 2, true],
  ["Kemi", "Adebayo", 2, true],
  ["Chioma", "Nnaji", 2, false],
  ["Ibrahim", "Lawal", 2, false],
  ["Folake", "Ojo", 2, false],
  ["Segun", "Alabi", 1, false],
  ["Zainab", "Bello", 1, false],
  ["Obinna", "Eze", 1, false],
  ["Provisioning", "Failure", 1, false],
];

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function emptySd(type: SettlementDestination["type"]): SettlementDestination {
  return { type, rate_id: null, destination_asset: null, destination_chain: null, destination_address: null, destination_bank: null };
}

function testBank(accountNumber: string) {
  const bank = findBank("044");
  return {
    account_number: accountNumber,
    account_name: TEST_ACCOUNTS[accountNumber] ?? "Sandbox Account",
    bank_code: "044",
    bank_name: bank ? bank.name : "Access Bank",
  };
}

export function seedCoreMerchant(merchant: Merchant, rng: Rng, ctx: EmulatorContext): CoreSlice {
  const now = ctx.clock.now();
  const nowIso = iso(now);
  const s: CoreSlice = {
    customers: [],
    rates: {},
    fundingAccounts: [],
    fundingQuotaUsage: {},
    fundingDailyQuota: merchant.id === SECOND_MERCHANT_ID ? SECOND_MERCHANT_FUNDING_QUOTA : DEFAULT_FUNDING_QUOTA,
    deposits: [],
    recipients: [],
    transfers: [],
    withdrawals: [],
    balanceTransfers: [],
    balances: {
      collection_balance_usd: "12500.00",
      withdrawal_balance_usd: "25000.00",
      withdrawal_balance_ngn: "1500000.00",
      updated_at: nowIso,
    },
    funding: {
      id: rng.uuid(),
      setup_status: "ACTIVE",
      ngn_settlement_destination: "USD_BALANCE",
      ngn_funding_account_id: null,
      ngn_account: null,
      crypto_wallet: { wallet_id: "", addresses: [] },
      created_at: iso(now - 90 * DAY),
      updated_at: iso(now - 90 * DAY),
    },
    payouts: [],
    onramps: [],
    offramps: [],
    sequence: 0,
  };

  // Customers, oldest first.
  CUSTOMER_SEED.forEach(([first, last, tier, partner], i) => {
    const c: Customer = {
      id: rng.uuid(),
      first_name: first,
      last_name: last,
      email: first === "Provisioning" ? FAILING_CUSTOMER_EMAIL : `${first.toLowerCase()}.${last.toLowerCase()}@example.com`,
      kyc_tier: tier,
      banking_partner_id: partner ? `bp_${rng.uuid().replace(/-/g, "").slice(0, 16)}` : null,
      created_at: iso(now - (60 - i) * DAY),
    };
    s.customers.push(c);
  });
  const cust = (i: number): Customer => s.customers[i] as Customer;

  const nextNuban = (): string => {
    s.sequence += 1;
    return `${rng.int(10, 99)}${String(s.sequence).padStart(8, "0")}`;
  };

  const ngnInstruction = (accountName: string, amount: string | null, status: Instruction["status"]): Instruction => ({
    type: "BANK_TRANSFER",
    status,
    currency: "NGN",
    bank_name: VIRTUAL_ACCOUNT_BANK.name,
    bank_code: VIRTUAL_ACCOUNT_BANK.code,
    account_number: nextNuban(),
    account_name: accountName,
    amount,
  });
  const cryptoInstruction = (asset: StableAsset, chain: string, seed: string, status: Instruction["status"]): Instruction => ({
    type: "CRYPTO_TRANSFER",
    status,
    currency: asset,
    asset,
    chain,
    address: addressFor(chain, seed),
  });

  // Most seeded accounts are a customer's active permanent account settling to the internal
  // balance, with no fixed amount, fee or expiry: each one names only where it differs.
  type AccountSeed = Pick<FundingAccount, "rail" | "customer_id" | "currency" | "created_at"> &
    Partial<Omit<FundingAccount, "id" | "deposit_count" | "activate_at_ms" | "failure_reason" | "updated_at">>;
  const addAccount = (fa: AccountSeed): FundingAccount => {
    const full: FundingAccount = {
      id: rng.uuid(),
      type: "PERMANENT",
      status: "ACTIVE",
      merchant_owned: false,
      amount: null,
      asset: null,
      chain: null,
      settlement_destination: emptySd("INTERNAL_BALANCE"),
      developer_fee: null,
      instructions: [],
      expires_at: null,
      deposit_count: 0,
      activate_at_ms: null,
      failure_reason: null,
      updated_at: fa.created_at,
      ...fa,
    };
    s.fundingAccounts.push(full);
    return full;
  };

  // The merchant's own permanent NGN account (the Second Merchant's setup has none).
  if (merchant.id !== SECOND_MERCHANT_ID) {
    const created = now - 90 * DAY;
    const own = addAccount({
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer_id: null,
      merchant_owned: true,
      currency: "NGN",
      instructions: [ngnInstruction(merchant.name, null, "ACTIVE")],
      created_at: iso(created),
    });
    const i = own.instructions[0] as Instruction;
    s.funding.ngn_funding_account_id = own.id;
    s.funding.ngn_account = {
      account_number: i.account_number as string,
      account_name: i.account_name as string,
      bank_name: i.bank_name as string,
      bank_code: i.bank_code as string,
    };
  }
  s.funding.crypto_wallet = {
    wallet_id: `wal_${rng.uuid().replace(/-/g, "").slice(0, 20)}`,
    addresses: ["ETHEREUM", "POLYGON", "BASE", "TRON", "SOLANA"].map((chain) => ({
      chain,
      address: addressFor(chain, `${merchant.id}:wallet`),
    })),
  };

  // Customer funding accounts of each kind; old rates are tied to the ones that convert.
  const t0 = now - 30 * DAY;
  const oldSellRate = historicRate(s, t0, "USDT", "SELL", rng.uuid());
  const oldBuyRate = historicRate(s, t0, "USDC", "BUY", rng.uuid());

  const permNgn = addAccount({
    rail: "NGN_VIRTUAL_ACCOUNT",
    customer_id: cust(0).id,
    currency: "NGN",
    developer_fee: { percentage: "1.5" },
    instructions: [ngnInstruction(`${merchant.name} / Amaka Obi`, null, "ACTIVE")],
    created_at: iso(t0),
  });
  const tempNgnUsed = addAccount({
    type: "TEMPORARY",
    status: "DISABLED",
    rail: "NGN_VIRTUAL_ACCOUNT",
    customer_id: cust(1).id,
    currency: "NGN",
    amount: "250000.00",
    instructions: [ngnInstruction(`${merchant.name} / Tunde Bakare`, "250000.00", "EXPIRED")],
    expires_at: iso(t0 + DAY + TEMPORARY_ACCOUNT_TTL_MS),
    created_at: iso(t0 + DAY),
  });
  const cryptoPerm = addAccount({
    rail: "CRYPTO_ADDRESS",
    customer_id: cust(2).id,
    currency: "USDC",
    asset: "USDC",
    chain: "POLYGON",
    created_at: iso(t0 + 2 * DAY),
  });
  cryptoPerm.instructions.push(cryptoInstruction("USDC", "POLYGON", cryptoPerm.id, "ACTIVE"));
  const cryptoPayout = addAccount({
    rail: "CRYPTO_ADDRESS",
    customer_id: cust(3).id,
    currency: "USDT",
    asset: "USDT",
    chain: "TRON",
    settlement_destination: { ...emptySd("NGN_PAYOUT"), rate_id: oldSellRate.rate_id, destination_bank: testBank("0690000033") },
    developer_fee: { percentage: "1" },
    created_at: iso(t0 + 3 * DAY),
  });
  cryptoPayout.instructions.push(cryptoInstruction("USDT", "TRON", cryptoPayout.id, "ACTIVE"));
  const ngnOnchain = addAccount({
    rail: "NGN_VIRTUAL_ACCOUNT",
    customer_id: cust(4).id,
    currency: "NGN",
    settlement_destination: {
      ...emptySd("ONCHAIN"),
      rate_id: oldBuyRate.rate_id,
      destination_asset: "USDC",
      destination_chain: "BASE",
      destination_address: addressFor("BASE", `${merchant.id}:customer-wallet`),
    },
    instructions: [ngnInstruction(`${merchant.name} / Kemi Adebayo`, null, "ACTIVE")],
    created_at: iso(t0 + 4 * DAY),
  });
  addAccount({
    status: "FAILED",
    rail: "NGN_VIRTUAL_ACCOUNT",
    customer_id: cust(11).id,
    currency: "NGN",
    instructions: [ngnInstruction(`${merchant.name} / Provisioning Failure`, null, "FAILED")],
    created_at: iso(t0 + 5 * DAY),
  }).failure_reason = "The banking partner rejected the account request for this customer.";

  // Deposits: settled with the engine's own arithmetic at their arrival time.
  const addDeposit = (fa: FundingAccount, amount: string, atMs: number, status: Deposit["status"], extra: Partial<Deposit> = {}): Deposit => {
    const st = computeSettlement(s, fa, amount, atMs);
    const id = rng.uuid();
    const isCrypto = fa.rail === "CRYPTO_ADDRESS";
    const settlementStatus: Deposit["settlement_status"] = status === "RECEIVED" ? "PENDING" : status;
    const d: Deposit = {
      ...depositRecord(fa, amount, st, {
        id,
        status,
        settlement_status: settlementStatus,
        tx_hash: isCrypto ? txHash(`in:${id}`) : st.mode === "ONCHAIN" && status === "COMPLETED" ? txHash(`settle:${id}`) : null,
        created_at: iso(atMs),
        updated_at: iso(status === "RECEIVED" || status === "PROCESSING" ? atMs : atMs + DELAYS.depositOutcome),
      }),
      ...extra,
    };
    fa.deposit_count += 1;
    s.deposits.push(d);
    return d;
  };

  const ownAccount = s.fundingAccounts.find((f) => f.merchant_owned);
  for (let i = 0; i < 6; i++) addDeposit(permNgn, fixed(String(20000 + 15000 * i), 2), t0 + (6 + i) * DAY, "COMPLETED");
  addDeposit(tempNgnUsed, "250000.00", t0 + DAY + HOUR / 2, "COMPLETED");
  addDeposit(tempNgnUsed, "250000.00", t0 + DAY + HOUR / 2 + 10 * 60 * 1000, "REQUIRES_REVIEW", {
    flag_code: "temporary_account_reused",
    flag_message: "A further deposit arrived on a temporary NGN account that was already used.",
  });
  addDeposit(tempNgnUsed, "250000.00", t0 + 3 * DAY, "REQUIRES_REVIEW", {
    flag_code: "late_deposit",
    flag_message: `Deposit arrived after the receive instruction expired at ${tempNgnUsed.expires_at}.`,
  });
  for (let i = 0; i < 3; i++) addDeposit(cryptoPerm, fixed(String(150 + 75 * i), 2), t0 + (8 + i) * DAY, "COMPLETED");
  addDeposit(cryptoPerm, "0.50", t0 + 12 * DAY, "FAILED", {
    failure_code: "below_minimum",
    failure_message: "The deposit is below the minimum of 1.00 USDC.",
  });
  addDeposit(cryptoPayout, "300.00", t0 + 3 * DAY + HOUR / 6, "COMPLETED");
  addDeposit(cryptoPayout, "420.00", t0 + 14 * DAY, "REQUIRES_REVIEW", {
    flag_code: "rate_expired",
    flag_message: `The rate ${oldSellRate.rate_id} tied to the funding account has expired.`,
  });
  addDeposit(ngnOnchain, "800000.00", t0 + 4 * DAY + HOUR / 6, "COMPLETED");
  addDeposit(ngnOnchain, "120000.00", now - 2 * HOUR, "PROCESSING");
  addDeposit(permNgn, "500.00", now - 3 * DAY, "FAILED", {
    failure_code: "below_minimum",
    failure_message: "The deposit is below the minimum of 1000.00 NGN.",
  });
  if (ownAccount) {
    for (let i = 0; i < 3; i++) addDeposit(ownAccount, fixed(String(1000000 + 250000 * i), 2), t0 + (15 + i) * DAY, "COMPLETED");
  }

  // Legacy onramps and offramps, and deposits made through them.
  for (let i = 0; i < 5; i++) {
    const c = cust(i);
    const created = now - (40 - i) * DAY;
    const temporary = i % 2 === 1;
    s.onramps.push({
      id: rng.uuid(),
      type: temporary ? "TEMPORARY" : "PERMANENT",
      customer_id: c.id,
      currency: "NGN",
      amount: temporary ? "100000.00" : null,
      status: temporary ? "EXPIRED" : i === 4 ? "INACTIVE" : "ACTIVE",
      virtual_account: {
        account_number: nextNuban(),
        account_name: `${merchant.name} / ${c.first_name} ${c.last_name}`,
        bank_name: VIRTUAL_ACCOUNT_BANK.name,
        bank_code: VIRTUAL_ACCOUNT_BANK.code,
      },
      settlement:
        i === 2
          ? { mode: "ONCHAIN", rate_id: null, asset: "USDT", chain: "POLYGON", address: addressFor("POLYGON", `${c.id}:onramp`) }
          : { mode: "INTERNAL_BALANCE", rate_id: null, asset: null, chain: null, address: null },
      developer_fee: i === 0 ? { percentage: "1" } : null,
      expires_at: temporary ? iso(created + TEMPORARY_ACCOUNT_TTL_MS) : null,
      created_at: iso(created),
      updated_at: iso(temporary ? created + TEMPORARY_ACCOUNT_TTL_MS : created),
    });
    const chain = (["POLYGON", "TRON", "BASE", "ETHEREUM", "SOLANA"] as const)[i] as string;
    const offId = rng.uuid();
    s.offramps.push({
      id: offId,
      type: temporary ? "TEMPORARY" : "PERMANENT",
      customer_id: c.id,
      address: addressFor(chain, `${offId}:offramp`),
      chain,
      asset: i % 2 === 0 ? "USDT" : "USDC",
      status: temporary ? "EXPIRED" : "ACTIVE",
      developer_fee: i === 0 ? { percentage: "0.5" } : null,
      settlement:
        i % 2 === 0
          ? { mode: "NGN_PAYOUT", rate_id: null, destination_bank: { ...testBank(`069000003${i + 1}`) } }
          : { mode: "INTERNAL_BALANCE", rate_id: null, destination_bank: null },
      expires_at: temporary ? iso(created + TEMPORARY_ACCOUNT_TTL_MS) : null,
      created_at: iso(created),
      updated_at: iso(temporary ? created + TEMPORARY_ACCOUNT_TTL_MS : created),
    });
  }
  // Legacy deposits carry the onramp/offramp id (no funding account behind them).
  const legacyDeposit = (i: number, crypto: boolean): void => {
    const atMs = now - (35 - i) * DAY;
    const rate = historicRate(s, atMs, crypto ? "USDT" : "USD", crypto ? "SELL" : "BUY", rng.uuid());
    const amount = crypto ? "200.00" : "150000.00";
    const fee = fixed(crypto ? "1.00" : "750.00", 2);
    const onramp = s.onramps[i];
    const offramp = s.offramps[i];
    const id = rng.uuid();
    s.deposits.push({
      id,
      type: crypto ? "CRYPTO_DEPOSIT" : "NGN_DEPOSIT",
      funding_account_id: null,
      onramp_id: crypto ? null : (onramp?.id ?? null),
      offramp_id: crypto ? (offramp?.id ?? null) : null,
      customer_id: (crypto ? offramp?.customer_id : onramp?.customer_id) ?? null,
      amount,
      currency: crypto ? "USDT" : "NGN",
      settled_amount: crypto ? fixed(mul(sub(amount, fee), rate.rate), 2, "down") : fixed(div(sub(amount, fee), rate.rate), 2, "down"),
      settled_currency: crypto ? "NGN" : "USD",
      rate: rate.rate,
      rate_id: rate.rate_id,
      status: "COMPLETED",
      settlement_status: "COMPLETED",
      settlement_mode: crypto ? "CUSTOMER_NGN_BALANCE" : "INTERNAL_BALANCE",
      credit_to: crypto ? "none" : "collection_usd",
      asset: crypto ? "USDT" : null,
      chain: crypto ? (offramp?.chain ?? null) : null,
      tx_hash: crypto ? txHash(`in:${id}`) : null,
      fees: {
        deposit_fee: { amount: fee, currency: crypto ? "USDT" : "NGN" },
        total_fee_usd: crypto ? fee : fixed(div(fee, rate.rate), 2),
      },
      developer_fee: null,
      customer_amount: null,
      ...UNREVIEWED_DEPOSIT,
      created_at: iso(atMs),
      updated_at: iso(atMs + DELAYS.depositOutcome),
    });
  };
  for (let i = 0; i < 3; i++) {
    legacyDeposit(i, false);
    legacyDeposit(i, true);
  }

  seedRecipientsAndMoney(s, rng, now);
  seedPayouts(s, rng, merchant, now);
  return s;
}

function seedRecipientsAndMoney(s: CoreSlice, rng: Rng, now: number): void {
  const cust = (i: number): Customer => s.customers[i] as Customer;
  const addRecipient = (r: Omit<Recipient, "id" | "fingerprint" | "created_at">, atMs: number): Recipient => {
    const full: Recipient = { id: rng.uuid(), fingerprint: recipientFingerprint(r), created_at: iso(atMs), ...r };
    s.recipients.push(full);
    return full;
  };
  const base = now - 20 * DAY;
  const bankRecipients = ["0690000031", "0690000032", "0690000034"].map((n, i) => {
    const bank = testBank(n);
    const [first, ...rest] = bank.account_name.split(" ");
    return addRecipient(
      {
        type: "BANK_ACCOUNT",
        customer_id: null,
        first_name: first ?? null,
        last_name: rest.join(" ") || null,
        bank_account: bank,
        crypto_address: null,
        us_bank_account: null,
        swift_bank_account: null,
      },
      base + i * HOUR,
    );
  });
  addRecipient(
    {
      type: "CRYPTO_ADDRESS",
      customer_id: null,
      first_name: null,
      last_name: null,
      bank_account: null,
      crypto_address: { asset: "USDC", chain: "BASE", address: addressFor("BASE", "seed-recipient") },
      us_bank_account: null,
      swift_bank_account: null,
    },
    base + 4 * HOUR,
  );
  addRecipient(
    {
      type: "US_BANK_ACCOUNT",
      customer_id: cust(0).id,
      first_name: "Amaka",
      last_name: "Obi",
      bank_account: null,
      crypto_address: null,
      us_bank_account: {
        account_owner_name: "Amaka Obi",
        account_number: "000123456789",
        routing_number: "021000021",
        bank_name: "JPMorgan Chase Bank",
        account_type: "checking",
        payout_scheme: "ach",
        address: { street_line_1: "350 Fifth Avenue", street_line_2: null, city: "New York", state: "NY", postal_code: "10118", country: "USA" },
      },
      swift_bank_account: null,
    },
    base + 5 * HOUR,
  );
  addRecipient(
    {
      type: "SWIFT_BANK_ACCOUNT",
      customer_id: cust(1).id,
      first_name: null,
      last_name: null,
      bank_account: null,
      crypto_address: null,
      us_bank_account: null,
      swift_bank_account: {
        account_owner_name: "Bakare Trading GmbH",
        account_owner_type: "business",
        first_name: null,
        last_name: null,
        business_name: "Bakare Trading GmbH",
        short_business_description: "Wholesale textiles",
        category: "supplier",
        account_country: "DEU",
        bank_name: "Commerzbank",
        bic: "COBADEFFXXX",
        iban: "DE89370400440532013000",
        purpose_of_funds: ["invoice_for_goods_and_services"],
        address: { street_line_1: "Friedrichstrasse 10", street_line_2: null, city: "Berlin", state: null, postal_code: "10117", country: "DEU" },
        bank_address: { street_line_1: "Kaiserplatz 1", street_line_2: null, city: "Frankfurt", state: null, postal_code: "60311", country: "DEU" },
      },
    },
    base + 6 * HOUR,
  );

  // Completed and failed transfers to the bank recipients.
  bankRecipients.forEach((r, i) => {
    const at = base + (i + 1) * DAY;
    const amount = fixed(String(50000 * (i + 1)), 2);
    const rate = historicRate(s, at, "USD", "SELL", rng.uuid());
    const debit = fixed(div(amount, rate.rate), 2, "up");
    const fee = fixed(mul(div(amount, rate.rate), "0.005"), 2, "up");
    const failed = i === 2;
    s.transfers.push({
      id: rng.uuid(),
      reference: `INV-2026-${String(100 + i)}`,
      status: failed ? "FAILED" : "COMPLETED",
      currency: "NGN",
      amount,
      debit_currency: "USD",
      debit_amount: fixed(add(debit, fee), 2),
      fee,
      rate: { side: "SELL", value: rate.rate, captured_at: iso(at) },
      recipient_id: r.id,
      customer_id: null,
      failure_code: failed ? "beneficiary_account_closed" : null,
      failure_message: failed ? "The beneficiary bank reported the account as closed; the debit was returned to the withdrawal balance." : null,
      flag_code: null,
      flag_message: null,
      planned_outcome: failed ? "FAILED" : "COMPLETED",
      next_step_at_ms: null,
      created_at: iso(at),
      updated_at: iso(at + DELAYS.transferOutcome),
      completed_at: failed ? null : iso(at + DELAYS.transferOutcome),
    });
  });

  // Merchant withdrawals: settled ones and one failed (refunded).
  for (let i = 0; i < 4; i++) {
    const at = base + (i + 2) * DAY;
    const failed = i === 3;
    const id = rng.uuid();
    s.withdrawals.push({
      id,
      amount_usd: fixed(String(500 * (i + 1)), 2),
      fee_usd: "1.00",
      token: "USDT",
      chain: "POLYGON",
      destination_address: failed ? "0x000000000000000000000000000000000000dEaD" : addressFor("POLYGON", `treasury:${i}`),
      status: failed ? "FAILED" : "SETTLED",
      provider_tx_id: failed ? null : `ptx_${id.replace(/-/g, "").slice(0, 20)}`,
      tx_hash: failed ? null : txHash(`wd:${id}`),
      failure_code: failed ? "destination_rejected" : null,
      failure_message: failed ? "The destination address is blocked by the wallet provider; amount and fee were refunded to the withdrawal balance." : null,
      next_step_at_ms: null,
      created_at: iso(at),
      submitted_at: failed ? null : iso(at + DELAYS.withdrawalSubmit),
      settled_at: failed ? null : iso(at + DELAYS.withdrawalSubmit + DELAYS.withdrawalSettle),
      updated_at: iso(at + DELAYS.withdrawalSubmit + (failed ? 0 : DELAYS.withdrawalSettle)),
    });
  }
  for (let i = 0; i < 2; i++) {
    s.balanceTransfers.push({
      id: rng.uuid(),
      amount_usd: fixed(String(2500 * (i + 1)), 2),
      from: "collection_balance_usd",
      to: "withdrawal_balance_usd",
      status: "COMPLETED",
      created_at: iso(base + (i + 1) * DAY + HOUR),
    });
  }
}

const PAYOUT_COUNT = 45;

/** 45 legacy payouts (NGN and crypto, all three statuses), enough to page at the default 20. */
function seedPayouts(s: CoreSlice, rng: Rng, merchant: Merchant, now: number): void {
  const accounts = Object.keys(TEST_ACCOUNTS);
  for (let i = 0; i < PAYOUT_COUNT; i++) {
    const at = now - (PAYOUT_COUNT - i) * 12 * HOUR;
    const ngn = i % 3 !== 2;
    const status: Payout["status"] = i % 9 === 4 ? "FAILED" : i >= PAYOUT_COUNT - 2 ? "PROCESSING" : "SETTLED";
    const asset = i % 2 === 0 ? "USDT" : "USDC";
    const rate = historicRate(s, at, ngn ? "USD" : asset, "SELL", rng.uuid());
    const sourceAmount = fixed(String(100 + 37 * i), 2);
    const fee = fixed(mul(sourceAmount, "0.005"), 2, "up");
    const recipientId = rng.uuid();
    const accountNumber = accounts[i % accounts.length] as string;
    const bank = BANKS.find((b) => b.code === "044");
    const id = rng.uuid();
    s.payouts.push({
      type: ngn ? "NGN_PAYOUT" : "CRYPTO_PAYOUT",
      id,
      reference: `PO-${String(10000 + i)}`,
      status,
      source_currency: ngn ? "USD" : asset,
      destination_currency: ngn ? "NGN" : asset,
      source_amount: sourceAmount,
      destination_amount: ngn ? fixed(mul(sub(sourceAmount, fee), rate.rate), 2, "down") : fixed(sub(sourceAmount, fee), 2),
      fee,
      rate: { side: "SELL", value: ngn ? rate.rate : "1.00", captured_at: iso(at) },
      recipient: {
        id: recipientId,
        type: ngn ? "BANK_ACCOUNT" : "CRYPTO_ADDRESS",
        bank_account: ngn
          ? {
              account_number: accountNumber,
              account_name: TEST_ACCOUNTS[accountNumber] as string,
              bank_code: "044",
              bank_name: bank ? bank.name : "Access Bank",
            }
          : null,
        crypto_address: ngn ? null : addressFor("POLYGON", `payout:${recipientId}`),
        created_at: iso(at - DAY),
      },
      sender: { type: "MERCHANT", id: merchant.id },
      tx_hash: ngn || status !== "SETTLED" ? null : txHash(`payout:${id}`),
      created_at: iso(at),
      settled_at: status === "SETTLED" ? iso(at + 10 * 60 * 1000) : null,
    });
  }
}
