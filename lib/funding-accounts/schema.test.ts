import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { zodFieldErrors } from "@/lib/server-actions/safe-action";
import { allowedSettlements, createFundingAccountSchema, MESSAGES, rateNeed, SIMULATE_MESSAGES, simulateDepositSchema, toCreateBody } from "./schema";

const CUSTOMER = "3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const RATE = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const ngnTemporary = {
  attemptKey: randomUUID(),
  customer_id: CUSTOMER,
  rail: "NGN_VIRTUAL_ACCOUNT",
  type: "TEMPORARY",
  amount: "50000",
  settlement_type: "INTERNAL_BALANCE",
};
const cryptoPermanent = {
  attemptKey: randomUUID(),
  customer_id: CUSTOMER,
  rail: "CRYPTO_ADDRESS",
  type: "PERMANENT",
  asset: "USDT",
  chain: "TRON",
  settlement_type: "INTERNAL_BALANCE",
};
const ngnOnchain = {
  ...ngnTemporary,
  type: "PERMANENT",
  amount: "",
  settlement_type: "ONCHAIN",
  rate_id: RATE,
  destination_asset: "USDC",
  destination_chain: "BASE",
  destination_address: ADDRESS,
};
const cryptoPayout = {
  ...cryptoPermanent,
  type: "TEMPORARY",
  settlement_type: "NGN_PAYOUT",
  rate_id: RATE,
  bank_code: "044",
  account_number: "0690000031",
  account_name: "Adaeze Okonkwo",
};

function errorsOf(input: Record<string, unknown>) {
  const r = createFundingAccountSchema.safeParse(input);
  return r.success ? {} : zodFieldErrors(r.error);
}

describe("funding account create schema: valid forms", () => {
  it.each([
    ["NGN temporary to the merchant balance", ngnTemporary],
    ["NGN temporary with a locked USD rate", { ...ngnTemporary, rate_id: RATE }],
    ["crypto permanent to the merchant balance", cryptoPermanent],
    ["NGN permanent settling on chain", ngnOnchain],
    ["crypto temporary paying out NGN", cryptoPayout],
    ["crypto permanent paying out NGN", { ...cryptoPayout, type: "PERMANENT" }],
  ])("accepts %s", (_name, input) => {
    expect(errorsOf(input)).toEqual({});
  });

  it("builds the provider's nested body with only the fields the settlement uses", () => {
    // The amount is a decimal string, like every money amount in the spec, never a JSON number.
    expect(toCreateBody(createFundingAccountSchema.parse({ ...ngnTemporary, amount: "0075000" })).amount).toBe("75000");
    expect(toCreateBody(createFundingAccountSchema.parse({ ...ngnTemporary, asset: "USDT", destination_address: ADDRESS }))).toEqual({
      type: "TEMPORARY",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer: { customer_id: CUSTOMER },
      currency: "NGN",
      amount: "50000",
      settlement_destination: { type: "INTERNAL_BALANCE" },
    });
    expect(toCreateBody(createFundingAccountSchema.parse(ngnOnchain))).toEqual({
      type: "PERMANENT",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer: { customer_id: CUSTOMER },
      currency: "NGN",
      settlement_destination: { type: "ONCHAIN", rate_id: RATE, destination_asset: "USDC", destination_chain: "BASE", destination_address: ADDRESS },
    });
    expect(toCreateBody(createFundingAccountSchema.parse(cryptoPayout))).toEqual({
      type: "TEMPORARY",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: CUSTOMER },
      currency: "USDT",
      asset: "USDT",
      chain: "TRON",
      settlement_destination: { type: "NGN_PAYOUT", rate_id: RATE, destination_bank: { account_number: "0690000031", bank_code: "044" } },
    });
  });
});

describe("funding account create schema: every invalid input gets its field message", () => {
  it.each([
    ["no customer", { ...ngnTemporary, customer_id: "" }, { customer_id: MESSAGES.customer }],
    ["no rail", { ...ngnTemporary, rail: "" }, { rail: MESSAGES.rail }],
    ["an unknown rail", { ...ngnTemporary, rail: "SWIFT" }, { rail: MESSAGES.rail }],
    ["no type", { ...ngnTemporary, type: "" }, { type: MESSAGES.type }],
    ["no settlement", { ...ngnTemporary, settlement_type: "" }, { settlement_type: MESSAGES.settlementType }],
    ["temporary NGN without an amount", { ...ngnTemporary, amount: "" }, { amount: MESSAGES.amountRequired }],
    ["a fractional amount", { ...ngnTemporary, amount: "5000.50" }, { amount: MESSAGES.amountInteger }],
    ["an amount with separators", { ...ngnTemporary, amount: "50,000" }, { amount: MESSAGES.amountInteger }],
    ["a negative amount", { ...ngnTemporary, amount: "-5000" }, { amount: MESSAGES.amountInteger }],
    ["an amount under the minimum", { ...ngnTemporary, amount: "999" }, { amount: MESSAGES.amountMinimum }],
    ["an amount of 16 digits", { ...ngnTemporary, amount: "1000000000000000" }, { amount: MESSAGES.amountTooLarge }],
    ["crypto without an asset", { ...cryptoPermanent, asset: "" }, { asset: MESSAGES.asset }],
    ["crypto with an unknown asset", { ...cryptoPermanent, asset: "DAI" }, { asset: MESSAGES.asset }],
    ["crypto without a chain", { ...cryptoPermanent, chain: "" }, { chain: MESSAGES.chain }],
    ["crypto with an unknown chain", { ...cryptoPermanent, chain: "BITCOIN" }, { chain: MESSAGES.chain }],
    ["NGN paying out NGN", { ...ngnTemporary, settlement_type: "NGN_PAYOUT" }, { settlement_type: MESSAGES.settlementNotAllowed }],
    ["crypto temporary to the merchant balance", { ...cryptoPermanent, type: "TEMPORARY" }, { settlement_type: MESSAGES.settlementNotAllowed }],
    ["crypto settling on chain", { ...cryptoPermanent, settlement_type: "ONCHAIN" }, { settlement_type: MESSAGES.settlementNotAllowed }],
    ["on chain without a rate", { ...ngnOnchain, rate_id: "" }, { rate_id: MESSAGES.rateRequired }],
    ["on chain with a malformed rate", { ...ngnOnchain, rate_id: "rate-1" }, { rate_id: MESSAGES.rateInvalid }],
    ["on chain without a destination asset", { ...ngnOnchain, destination_asset: "" }, { destination_asset: MESSAGES.destinationAsset }],
    ["on chain to a non-EVM chain", { ...ngnOnchain, destination_chain: "TRON" }, { destination_chain: MESSAGES.destinationChain }],
    ["on chain without an address", { ...ngnOnchain, destination_address: "" }, { destination_address: MESSAGES.destinationAddress }],
    ["on chain to a short address", { ...ngnOnchain, destination_address: "0x1234" }, { destination_address: MESSAGES.destinationAddress }],
    [
      "on chain to a Tron address",
      { ...ngnOnchain, destination_address: "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8" },
      { destination_address: MESSAGES.destinationAddress },
    ],
    ["NGN payout without a rate", { ...cryptoPayout, rate_id: "" }, { rate_id: MESSAGES.rateRequired }],
    ["NGN payout without a bank", { ...cryptoPayout, bank_code: "" }, { bank_code: MESSAGES.bankCode }],
    ["NGN payout with a 9-digit account", { ...cryptoPayout, account_number: "069000003" }, { account_number: MESSAGES.accountNumber }],
    ["NGN payout with letters in the account", { ...cryptoPayout, account_number: "06900000AB" }, { account_number: MESSAGES.accountNumber }],
    ["NGN payout not looked up", { ...cryptoPayout, account_name: "" }, { account_name: MESSAGES.accountNotResolved }],
    ["an expired form", { ...ngnTemporary, attemptKey: "" }, { attemptKey: "This form has expired. Reload the page and submit it again." }],
  ])("%s", (_name, input, expected) => {
    expect(errorsOf(input)).toEqual(expected);
  });

  it("ignores an amount on accounts that take none rather than sending it", () => {
    const body = toCreateBody(createFundingAccountSchema.parse({ ...cryptoPermanent, amount: "5000" }));
    expect(body).not.toHaveProperty("amount");
  });
});

describe("settlement rules per rail and type", () => {
  it("follows the provider's table", () => {
    expect(allowedSettlements("NGN_VIRTUAL_ACCOUNT", "TEMPORARY")).toEqual(["INTERNAL_BALANCE", "ONCHAIN"]);
    expect(allowedSettlements("NGN_VIRTUAL_ACCOUNT", "PERMANENT")).toEqual(["INTERNAL_BALANCE", "ONCHAIN"]);
    expect(allowedSettlements("CRYPTO_ADDRESS", "TEMPORARY")).toEqual(["NGN_PAYOUT"]);
    expect(allowedSettlements("CRYPTO_ADDRESS", "PERMANENT")).toEqual(["INTERNAL_BALANCE", "NGN_PAYOUT"]);
  });

  it("names the rate each settlement needs", () => {
    expect(rateNeed("NGN_VIRTUAL_ACCOUNT", "ONCHAIN", "", "USDT")).toEqual({ required: true, side: "BUY", to: "USDT" });
    expect(rateNeed("CRYPTO_ADDRESS", "NGN_PAYOUT", "USDC", "")).toEqual({ required: true, side: "SELL", to: "USDC" });
    expect(rateNeed("NGN_VIRTUAL_ACCOUNT", "INTERNAL_BALANCE", "", "")).toEqual({ required: false, side: "BUY", to: "USD" });
    expect(rateNeed("CRYPTO_ADDRESS", "INTERNAL_BALANCE", "USDC", "")).toBeNull();
  });

  it("never sends a rate to a crypto account settling to the balance", () => {
    const body = toCreateBody(createFundingAccountSchema.parse({ ...cryptoPermanent, rate_id: RATE }));
    expect(body.settlement_destination).toEqual({ type: "INTERNAL_BALANCE" });
  });
});

describe("simulate deposit schema", () => {
  const base = { attemptKey: randomUUID(), funding_account_id: CUSTOMER, scenario: "COMPLETED" };
  it("accepts every scenario, the default flow, and an optional amount", () => {
    for (const scenario of ["default", "PROCESSING", "COMPLETED", "REQUIRES_REVIEW", "FAILED"])
      expect(simulateDepositSchema.safeParse({ ...base, scenario }).success).toBe(true);
    expect(simulateDepositSchema.parse({ ...base, amount: "2500.50" }).amount).toBe("2500.50");
  });
  it.each([
    [{ ...base, scenario: "SETTLED" }, { scenario: SIMULATE_MESSAGES.scenario }],
    [{ ...base, amount: "0" }, { amount: SIMULATE_MESSAGES.amount }],
    [{ ...base, amount: "12.345" }, { amount: SIMULATE_MESSAGES.amount }],
    [{ ...base, amount: "1e5" }, { amount: SIMULATE_MESSAGES.amount }],
    [{ ...base, funding_account_id: "nope" }, { funding_account_id: SIMULATE_MESSAGES.account }],
  ])("refuses %j", (input, expected) => {
    const r = simulateDepositSchema.safeParse(input);
    expect(r.success ? {} : zodFieldErrors(r.error)).toEqual(expected);
  });
});
