/**
 * Contract suite: deposits and the sandbox simulator (scenario event sequences with signed
 * webhooks, the default flow over emulated time, flagging rules, settlement modes and amounts,
 * balance credits, list filters and paging).
 */
import Decimal from "decimal.js";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { withEmulator } from "../testing";
import {
  activeFundingAccount,
  awayFromRateRotation,
  balances,
  call,
  customerWhere,
  depositIdFrom,
  eventsFor,
  expectCoreError,
  expectFieldErrors,
  get,
  harnessPerSuite,
  post,
  rate,
  type Json,
} from "./test-helpers";

const h = harnessPerSuite();
let customerId: string;
beforeAll(async () => {
  customerId = (await customerWhere(h.emu, (c) => c.email === "ngozi.umeh@example.com")).id;
});

const DEPOSIT_EVENTS = ["deposit.received", "deposit.processing", "deposit.completed", "deposit.requires_review", "deposit.failed"];

const permanentNgn = (extra: Json = {}): Json => ({
  type: "PERMANENT",
  rail: "NGN_VIRTUAL_ACCOUNT",
  customer: { customer_id: customerId },
  settlement_destination: { type: "INTERNAL_BALANCE" },
  ...extra,
});
const temporaryNgn = (amount = "20000"): Json => ({
  type: "TEMPORARY",
  rail: "NGN_VIRTUAL_ACCOUNT",
  customer: { customer_id: customerId },
  currency: "NGN",
  amount,
  settlement_destination: { type: "INTERNAL_BALANCE" },
});

async function simulate(fundingAccountId: string, scenario?: string, amount?: string): Promise<Json> {
  const body: Json = { funding_account_id: fundingAccountId };
  if (scenario) body.scenario = scenario;
  // The simulator takes no amount (spec): the emulator's control API sets it beforehand.
  if (amount) await h.emu.control.nextDepositAmount(fundingAccountId, amount);
  const r = await post(h.emu, "/v1/sandbox/deposits", body, { idem: false });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(Object.keys(r.body)).toEqual(["message"]);
  const d = await get(h.emu, `/v1/deposits/${depositIdFrom(r.body.message)}`);
  expect(d.status).toBe(200);
  return d.body;
}

const down2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

describe("POST /v1/sandbox/deposits: scenarios emit exactly the spec's sequences", () => {
  const cases: [string, string, string[]][] = [
    ["PROCESSING", "PROCESSING", ["deposit.received", "deposit.processing"]],
    ["COMPLETED", "COMPLETED", ["deposit.received", "deposit.completed"]],
    ["REQUIRES_REVIEW", "REQUIRES_REVIEW", ["deposit.received", "deposit.requires_review"]],
    ["FAILED", "FAILED", ["deposit.received", "deposit.failed"]],
  ];
  for (const [scenario, status, sequence] of cases) {
    it(`${scenario}: ${sequence.join(", ")}`, async () => {
      const fa = await activeFundingAccount(h.emu, permanentNgn());
      const before = await balances(h.emu);
      const d = await simulate(fa.id, scenario);
      expect(d.status).toBe(status);
      expect(d.settlement_status).toBe(status);
      expect(d.funding_account_id).toBe(fa.id);
      expect(d.customer_id).toBe(customerId);
      const events = await eventsFor(h.hooks, d.id, DEPOSIT_EVENTS, sequence.length);
      expect(events.map((e) => e.event)).toEqual(sequence);
      expect(events[0]?.data.status).toBe("RECEIVED");
      expect(events.at(-1)?.data).toEqual(d);
      // Nothing further happens to a scenario deposit over time.
      await h.emu.control.advance(120_000);
      expect((await get(h.emu, `/v1/deposits/${d.id}`)).body.status).toBe(status);
      const after = await balances(h.emu);
      if (scenario === "COMPLETED") {
        expect(new Decimal(after.collection_balance_usd).minus(before.collection_balance_usd).toFixed(2)).toBe(d.settled_amount);
      } else {
        expect(after.collection_balance_usd).toBe(before.collection_balance_usd);
      }
      expect((await eventsFor(h.hooks, d.id, DEPOSIT_EVENTS, sequence.length)).length).toBe(sequence.length);
    });
  }

  it("flags a REQUIRES_REVIEW scenario with a manual_review code and message", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const d = await simulate(fa.id, "REQUIRES_REVIEW");
    expect(d.flag_code).toBe("manual_review");
    expect(d.flag_message).toEqual(expect.any(String));
    const f = await simulate(fa.id, "FAILED");
    expect(f.failure_code).toBe("deposit_failed");
    expect(f).not.toHaveProperty("flag_code");
  });

  it("PROCESSING and COMPLETED need an ACTIVE funding account (400 funding_account_not_ready)", async () => {
    const pending = await post(h.emu, "/v1/funding-accounts", permanentNgn());
    expect(pending.body.status).toBe("PENDING");
    for (const scenario of ["PROCESSING", "COMPLETED", undefined]) {
      const r = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: pending.body.id, scenario }, { idem: false });
      const err = expectCoreError(r, 400, "funding_account_not_ready");
      expect(err.details.reason).toBe("funding_account_not_active");
    }
    const failedCustomer = await customerWhere(h.emu, (c) => c.email === "provisioning.fail@sandbox.test");
    const failed = await post(h.emu, "/v1/funding-accounts", permanentNgn({ customer: { customer_id: failedCustomer.id } }));
    await h.emu.control.advance(2_500);
    expectCoreError(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: failed.body.id, scenario: "COMPLETED" }), 400, "funding_account_not_ready");
    // REQUIRES_REVIEW and FAILED have no precondition beyond the account existing.
    const review = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: failed.body.id, scenario: "FAILED" });
    expect(review.status).toBe(201);
  });

  it("validates the body: funding_account_id, scenario and amount; 404 for an unknown account", async () => {
    expectFieldErrors(await post(h.emu, "/v1/sandbox/deposits", {}), "funding_account_id");
    expectFieldErrors(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: "nope" }), "funding_account_id");
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    expectFieldErrors(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, scenario: "SETTLED" }), "scenario");
    // Only the spec's two fields: an amount sent to the simulator is refused, naming the control call.
    const withAmount = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, amount: "1000.00" });
    expectFieldErrors(withAmount, "amount");
    expect(JSON.stringify(withAmount.body)).toContain("/__emulator/sandbox-deposits/next-amount");
    expectCoreError(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: randomUUID() }), 404, "NOT_FOUND");
    expectCoreError(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id }, { apiKey: h.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
  });
});

describe("the simulated amount through the control API", () => {
  const control = (body: unknown) =>
    fetch(`${h.emu.url}/__emulator/sandbox-deposits/next-amount`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("sets the amount of the account's next simulated deposit only, then the default applies again", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const set = await control({ funding_account_id: fa.id, amount: "12345.67" });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ funding_account_id: fa.id, amount: "12345.67" });
    const first = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, scenario: "REQUIRES_REVIEW" }, { idem: false });
    expect(first.status).toBe(201);
    expect((await get(h.emu, `/v1/deposits/${depositIdFrom(first.body.message)}`)).body.amount).toBe("12345.67");
    const second = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, scenario: "REQUIRES_REVIEW" }, { idem: false });
    expect((await get(h.emu, `/v1/deposits/${depositIdFrom(second.body.message)}`)).body.amount).toBe("50000.00");
    // A chosen amount can be withdrawn before any deposit uses it.
    await control({ funding_account_id: fa.id, amount: "777.00" });
    expect(await (await control({ funding_account_id: fa.id, amount: null })).json()).toMatchObject({ amount: null });
    const third = await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, scenario: "REQUIRES_REVIEW" }, { idem: false });
    expect((await get(h.emu, `/v1/deposits/${depositIdFrom(third.body.message)}`)).body.amount).toBe("50000.00");
  });

  it("refuses a bad amount, a JSON number, stray fields and an unknown account", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    for (const body of [
      { funding_account_id: fa.id, amount: "12.345" },
      { funding_account_id: fa.id, amount: 100 },
      { funding_account_id: fa.id, amount: "0" },
      { funding_account_id: fa.id },
      { funding_account_id: fa.id, amount: "10.00", scenario: "COMPLETED" },
      { funding_account_id: "nope", amount: "10.00" },
    ]) {
      const r = await control(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(((await r.json()) as { error: { code: string } }).error.code).toBe("validation_failed");
    }
    expect((await control({ funding_account_id: randomUUID(), amount: "10.00" })).status).toBe(404);
  });
});

describe("default (production-like) flow", () => {
  it("RECEIVED -> PROCESSING -> COMPLETED over emulated time, crediting only at completion", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const before = await balances(h.emu);
    await awayFromRateRotation(h.emu);
    const d = await simulate(fa.id);
    // No rate is tied to the account: the deposit converts at the USD BUY rate published at arrival.
    const usd = await rate(h.emu, "USD", "BUY");
    expect(d.rate_id).toBe(usd.rate_id);
    expect(d).toMatchObject({ status: "RECEIVED", settlement_status: "PENDING", amount: "50000.00", currency: "NGN", type: "NGN_DEPOSIT" });
    expect(d.settlement_mode).toBe("INTERNAL_BALANCE");
    expect(d.settled_currency).toBe("USD");
    expect(d.rate).toBe(usd.rate);
    expect(d.fees).toEqual({
      deposit_fee: { amount: "250.00", currency: "NGN" },
      total_fee_usd: new Decimal("250.00").dividedBy(usd.rate).toFixed(2),
    });
    expect(d.settled_amount).toBe(down2(new Decimal("49750.00").dividedBy(usd.rate)));
    expect(d).not.toHaveProperty("developer_fee");
    expect(d).not.toHaveProperty("customer_amount");

    await h.emu.control.advance(5_000);
    expect((await get(h.emu, `/v1/deposits/${d.id}`)).body.status).toBe("PROCESSING");
    expect((await balances(h.emu)).collection_balance_usd).toBe(before.collection_balance_usd);
    await h.emu.control.advance(60_000);
    const done = (await get(h.emu, `/v1/deposits/${d.id}`)).body;
    expect(done.status).toBe("COMPLETED");
    expect(done.settlement_status).toBe("COMPLETED");
    const after = await balances(h.emu);
    expect(new Decimal(after.collection_balance_usd).minus(before.collection_balance_usd).toFixed(2)).toBe(d.settled_amount);
    const events = await eventsFor(h.hooks, d.id, DEPOSIT_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["deposit.received", "deposit.processing", "deposit.completed"]);
  });

  it("runs through in one step when time jumps past both transitions", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const d = await simulate(fa.id);
    await h.emu.control.advance(10 * 60 * 1000);
    expect((await get(h.emu, `/v1/deposits/${d.id}`)).body.status).toBe("COMPLETED");
    const events = await eventsFor(h.hooks, d.id, DEPOSIT_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["deposit.received", "deposit.processing", "deposit.completed"]);
  });

  it("fails a deposit below the minimum with below_minimum", async () => {
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const d = await simulate(fa.id, undefined, "999.99");
    await h.emu.control.advance(70_000);
    const done = (await get(h.emu, `/v1/deposits/${d.id}`)).body;
    expect(done).toMatchObject({ status: "FAILED", failure_code: "below_minimum" });
    const events = await eventsFor(h.hooks, d.id, DEPOSIT_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["deposit.received", "deposit.processing", "deposit.failed"]);
  });

  it("flags a second deposit on a used temporary NGN account (temporary_account_reused)", async () => {
    const fa = await activeFundingAccount(h.emu, temporaryNgn());
    const first = await simulate(fa.id);
    expect(first.amount).toBe("20000.00");
    const usedFa = (await get(h.emu, `/v1/funding-accounts/${fa.id}`)).body;
    expect(usedFa.instructions[0].status).toBe("USED");
    const second = await simulate(fa.id);
    await h.emu.control.advance(70_000);
    expect((await get(h.emu, `/v1/deposits/${first.id}`)).body.status).toBe("COMPLETED");
    const flagged = (await get(h.emu, `/v1/deposits/${second.id}`)).body;
    expect(flagged).toMatchObject({ status: "REQUIRES_REVIEW", settlement_status: "REQUIRES_REVIEW", flag_code: "temporary_account_reused" });
    const events = await eventsFor(h.hooks, second.id, DEPOSIT_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["deposit.received", "deposit.processing", "deposit.requires_review"]);
  });

  it("flags a deposit whose amount differs from the temporary account's (amount_mismatch)", async () => {
    const fa = await activeFundingAccount(h.emu, temporaryNgn("30000"));
    const d = await simulate(fa.id, undefined, "25000.00");
    await h.emu.control.advance(70_000);
    expect((await get(h.emu, `/v1/deposits/${d.id}`)).body.flag_code).toBe("amount_mismatch");
  });

  it("flags a deposit after the instruction expired (late_deposit), and REQUIRES_REVIEW scenario uses that flag", async () => {
    const fa = await activeFundingAccount(h.emu, temporaryNgn());
    await h.emu.control.advance(61 * 60 * 1000);
    expect((await get(h.emu, `/v1/funding-accounts/${fa.id}`)).body.status).toBe("DISABLED");
    expectCoreError(await post(h.emu, "/v1/sandbox/deposits", { funding_account_id: fa.id, scenario: "COMPLETED" }), 400, "funding_account_not_ready");
    const d = await simulate(fa.id);
    await h.emu.control.advance(70_000);
    const flagged = (await get(h.emu, `/v1/deposits/${d.id}`)).body;
    expect(flagged.flag_code).toBe("late_deposit");
    expect(flagged.flag_message).toMatch(/expired/);
    const viaScenario = await simulate(fa.id, "REQUIRES_REVIEW");
    expect(viaScenario.flag_code).toBe("late_deposit");
  });

  it("flags a deposit when the funding account's rate expired (rate_expired)", async () => {
    const sell = await rate(h.emu, "USDT", "SELL");
    const fa = await activeFundingAccount(h.emu, {
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDT",
      chain: "POLYGON",
      settlement_destination: { type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: { account_number: "0690000036", bank_code: "044" } },
    });
    await h.emu.control.advance(31 * 60 * 1000);
    const d = await simulate(fa.id);
    await h.emu.control.advance(70_000);
    expect((await get(h.emu, `/v1/deposits/${d.id}`)).body).toMatchObject({ status: "REQUIRES_REVIEW", flag_code: "rate_expired" });
  });
});

describe("settlement modes and amounts", () => {
  it("crypto NGN_PAYOUT settles to the customer's NGN balance at the tied rate, with developer fee", async () => {
    const sell = await rate(h.emu, "USDC", "SELL");
    const fa = await activeFundingAccount(h.emu, {
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDC",
      chain: "BASE",
      settlement_destination: { type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: { account_number: "0690000036", bank_code: "044" } },
      developer_fee: { percentage: "1.5" },
    });
    const before = await balances(h.emu);
    const d = await simulate(fa.id, "COMPLETED", "200.00");
    const settled = down2(new Decimal("199.00").times(sell.rate));
    const devFee = down2(new Decimal(settled).times("0.015"));
    expect(d).toMatchObject({
      type: "CRYPTO_DEPOSIT",
      currency: "USDC",
      asset: "USDC",
      chain: "BASE",
      amount: "200.00",
      settlement_mode: "CUSTOMER_NGN_BALANCE",
      settled_currency: "NGN",
      settled_amount: settled,
      rate: sell.rate,
      rate_id: sell.rate_id,
      fees: { deposit_fee: { amount: "1.00", currency: "USDC" }, total_fee_usd: "1.00" },
      developer_fee: { percentage: "1.5", amount: devFee, currency: "NGN" },
      customer_amount: { amount: new Decimal(settled).minus(devFee).toFixed(2), currency: "NGN" },
    });
    expect(d.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const after = await balances(h.emu);
    expect(new Decimal(after.withdrawal_balance_ngn).minus(before.withdrawal_balance_ngn).toFixed(2)).toBe(devFee);
    expect(after.collection_balance_usd).toBe(before.collection_balance_usd);
  });

  it("crypto INTERNAL_BALANCE settles 1:1 in USD to the collection balance", async () => {
    const fa = await activeFundingAccount(h.emu, {
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDT",
      chain: "TRON",
      settlement_destination: { type: "INTERNAL_BALANCE" },
    });
    const before = await balances(h.emu);
    const d = await simulate(fa.id, "COMPLETED");
    expect(d).toMatchObject({ amount: "100.00", settled_amount: "99.50", settled_currency: "USD", settlement_mode: "INTERNAL_BALANCE" });
    expect(new Decimal((await balances(h.emu)).collection_balance_usd).minus(before.collection_balance_usd).toFixed(2)).toBe("99.50");
  });

  it("NGN ONCHAIN settles in the destination asset on chain with a settlement tx_hash", async () => {
    const buy = await rate(h.emu, "USDT", "BUY");
    const fa = await activeFundingAccount(
      h.emu,
      permanentNgn({
        settlement_destination: {
          type: "ONCHAIN",
          rate_id: buy.rate_id,
          destination_asset: "USDT",
          destination_chain: "POLYGON",
          destination_address: "0x2222222222222222222222222222222222222222",
        },
      }),
    );
    const before = await balances(h.emu);
    const d = await simulate(fa.id, "PROCESSING");
    expect(d).not.toHaveProperty("tx_hash");
    const done = await simulate(fa.id, "COMPLETED", "155000.00");
    expect(done).toMatchObject({ settlement_mode: "ONCHAIN", settled_currency: "USDT", chain: "POLYGON", rate_id: buy.rate_id });
    expect(done.settled_amount).toBe(down2(new Decimal("154225.00").dividedBy(buy.rate)));
    expect(done.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await balances(h.emu)).collection_balance_usd).toBe(before.collection_balance_usd);
  });

  it("the merchant's own NGN account credits withdrawal USD, or withdrawal NGN after switching to NGN_BALANCE", async () => {
    const own = (await get(h.emu, "/v1/funding-accounts?limit=200")).body.data.find((f: Json) => f.customer_id === null);
    const funding = (await get(h.emu, "/v1/merchant/funding")).body.data;
    expect(own.instructions[0].account_number).toBe(funding.ngn_account.account_number);
    const b0 = await balances(h.emu);
    const usd = await simulate(own.id, "COMPLETED", "100000.00");
    expect(usd).toMatchObject({ settled_currency: "USD", settlement_mode: "INTERNAL_BALANCE", customer_id: null });
    const b1 = await balances(h.emu);
    expect(new Decimal(b1.withdrawal_balance_usd).minus(b0.withdrawal_balance_usd).toFixed(2)).toBe(usd.settled_amount);
    expect(b1.collection_balance_usd).toBe(b0.collection_balance_usd);

    const patch = await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: { ngn_settlement_destination: "NGN_BALANCE" } });
    expect(patch.status).toBe(200);
    const ngn = await simulate(own.id, "COMPLETED", "100000.00");
    expect(ngn).toMatchObject({ settled_currency: "NGN", settled_amount: "99500.00" });
    expect(ngn).not.toHaveProperty("rate");
    const b2 = await balances(h.emu);
    expect(new Decimal(b2.withdrawal_balance_ngn).minus(b1.withdrawal_balance_ngn).toFixed(2)).toBe("99500.00");
    expect(b2.withdrawal_balance_usd).toBe(b1.withdrawal_balance_usd);
    // Only future deposits change: the earlier one still shows its USD settlement.
    expect((await get(h.emu, `/v1/deposits/${usd.id}`)).body.settled_currency).toBe("USD");
    await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: { ngn_settlement_destination: "USD_BALANCE" } });
  });
});

describe("GET /v1/deposits", () => {
  it("has seeded deposits in every status, flagged ones with reasons, legacy ones with onramp/offramp ids", async () => {
    const all = (await get(h.emu, "/v1/deposits?limit=100")).body.data as Json[];
    for (const s of ["PROCESSING", "COMPLETED", "REQUIRES_REVIEW", "FAILED"]) expect(all.some((d) => d.status === s)).toBe(true);
    const codes = new Set(all.filter((d) => d.status === "REQUIRES_REVIEW").map((d) => d.flag_code));
    for (const code of ["late_deposit", "rate_expired", "temporary_account_reused"]) expect(codes).toContain(code);
    expect(all.some((d) => typeof d.onramp_id === "string")).toBe(true);
    expect(all.some((d) => typeof d.offramp_id === "string")).toBe(true);
    expect(all.some((d) => d.settlement_mode === "CUSTOMER_NGN_BALANCE")).toBe(true);
    expect(all.some((d) => d.settlement_mode === "ONCHAIN")).toBe(true);
  });

  it("filters by status (FLAGGED = REQUIRES_REVIEW), settlement_status, type, customer, funding account and dates", async () => {
    const review = await get(h.emu, "/v1/deposits?status=REQUIRES_REVIEW&limit=100");
    const flagged = await get(h.emu, "/v1/deposits?status=FLAGGED&limit=100");
    expect(review.body.total).toBeGreaterThan(0);
    expect(flagged.body.data).toEqual(review.body.data);
    const settledReview = await get(h.emu, "/v1/deposits?settlement_status=FLAGGED&limit=100");
    expect(settledReview.body.total).toBe(review.body.total);
    expect((await get(h.emu, "/v1/deposits?status=REVERSED")).body.total).toBe(0);

    const crypto = (await get(h.emu, "/v1/deposits?type=CRYPTO_DEPOSIT&limit=100")).body.data as Json[];
    expect(crypto.length).toBeGreaterThan(0);
    expect(crypto.every((d) => d.type === "CRYPTO_DEPOSIT")).toBe(true);
    const mine = (await get(h.emu, `/v1/deposits?customer_id=${customerId}&limit=100`)).body.data as Json[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.customer_id === customerId)).toBe(true);
    const fa = await activeFundingAccount(h.emu, permanentNgn());
    const one = await simulate(fa.id, "COMPLETED");
    const byFa = await get(h.emu, `/v1/deposits?funding_account_id=${fa.id}`);
    expect(byFa.body.data.map((d: Json) => d.id)).toEqual([one.id]);

    const day = one.created_at.slice(0, 10);
    const today = (await get(h.emu, `/v1/deposits?from=${day}&to=${day}&limit=100`)).body.data as Json[];
    expect(today.map((d) => d.id)).toContain(one.id);
    expect(today.every((d) => d.created_at.startsWith(day))).toBe(true);
    const later = await get(h.emu, `/v1/deposits?from=${encodeURIComponent(new Date(Date.parse(one.created_at) + 1000).toISOString())}`);
    expect(later.body.data.map((d: Json) => d.id)).not.toContain(one.id);
  });

  it("pages newest first with default 20 and max 100", async () => {
    const def = await get(h.emu, "/v1/deposits");
    expect(def.body).toMatchObject({ page: 1, limit: 20 });
    expect(def.body.total_pages).toBe(Math.ceil(def.body.total / 20));
    const stamps = (def.body.data as Json[]).map((d) => d.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    const p2 = await get(h.emu, "/v1/deposits?page=2&limit=5");
    expect(p2.body.data).toEqual((def.body.data as Json[]).slice(5, 10));
    const beyond = await get(h.emu, `/v1/deposits?page=${def.body.total_pages + 1}`);
    expect(beyond.body.data).toEqual([]);
    expectCoreError(await get(h.emu, "/v1/deposits?limit=101"), 400, "BAD_REQUEST");
  });

  it("400 BAD_REQUEST on invalid filters", async () => {
    for (const q of [
      "status=DONE",
      "settlement_status=X",
      "type=CARD",
      "customer_id=1",
      "funding_account_id=x",
      "from=yesterday",
      "from=2026-11-20&to=2026-11-01",
    ]) {
      expectCoreError(await get(h.emu, `/v1/deposits?${q}`), 400, "BAD_REQUEST");
    }
  });

  it("retrieves by id: 400 on an invalid id, 404 deposit not found", async () => {
    expectCoreError(await get(h.emu, "/v1/deposits/xyz"), 400, "BAD_REQUEST");
    const err = expectCoreError(await get(h.emu, `/v1/deposits/${randomUUID()}`), 404, "NOT_FOUND");
    expect(err.message).toBe("deposit not found");
  });
});

describe("production environment", () => {
  it("has no deposit simulator (404) and rejects sandbox keys (401)", async () => {
    const live = await withEmulator({ mode: "live", rateLimitPerMinute: 0 });
    try {
      const fa = (await get(live, "/v1/funding-accounts?limit=1", live.keys.live)).body.data[0];
      const r = await post(live, "/v1/sandbox/deposits", { funding_account_id: fa.id }, { apiKey: live.keys.live });
      expectCoreError(r, 404, "NOT_FOUND");
      expectCoreError(await get(live, "/v1/banks", live.keys.full), 401, "unauthorized");
    } finally {
      await live.close();
    }
  });
});

describe("drift through the control API", () => {
  const drift = (id: string, body: unknown) =>
    fetch(`${h.emu.url}/__emulator/drift/${id}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

  it("gives a stored deposit an undocumented status and field, shown in its detail and the list", async () => {
    const list = await get(h.emu, "/v1/deposits?limit=1");
    const id = (list.body.data as Json[])[0]!.id as string;
    const res = await drift(id, { status: "ON_HOLD", fields: { hold_reason: "compliance_check" } });
    expect(res.status).toBe(200);
    const one = await get(h.emu, `/v1/deposits/${id}`);
    expect(one.body).toMatchObject({ id, status: "ON_HOLD", hold_reason: "compliance_check" });
    const again = await get(h.emu, "/v1/deposits?limit=100");
    expect((again.body.data as Json[]).find((d) => d.id === id)).toMatchObject({ status: "ON_HOLD", hold_reason: "compliance_check" });
  });

  it("refuses an unknown id and a malformed body", async () => {
    expect((await drift(randomUUID(), { status: "ON_HOLD" })).status).toBe(404);
    const list = await get(h.emu, "/v1/deposits?limit=1");
    const id = (list.body.data as Json[])[0]!.id as string;
    expect((await drift(id, { status: "" })).status).toBe(400);
    expect((await drift(id, { colour: "red" })).status).toBe(400);
  });
});
