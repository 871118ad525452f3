/**
 * Contract suite: merchant balances and balance moves, merchant withdrawals (and the withdraw
 * alias), merchant funding configuration, and the legacy payouts, onramps and offramps.
 */
import Decimal from "decimal.js";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { balances, call, customerWhere, eventsFor, expectCoreError, expectFieldErrors, get, harnessPerSuite, post, rate, type Json } from "./test-helpers";

const h = harnessPerSuite();

const WD_EVENTS = ["withdrawal.created", "withdrawal.submitted", "withdrawal.completed", "withdrawal.failed"];
const POLYGON_ADDRESS = "0x3333333333333333333333333333333333333333";
const wd = (o: Json = {}): Json => ({ amount_usd: "100.00", token: "USDT", chain: "POLYGON", destination_address: POLYGON_ADDRESS, ...o });

describe("merchant balance", () => {
  it("returns the three balances and updated_at", async () => {
    const r = await get(h.emu, "/v1/merchant/balance");
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data).sort()).toEqual(["collection_balance_usd", "updated_at", "withdrawal_balance_ngn", "withdrawal_balance_usd"]);
    for (const k of ["collection_balance_usd", "withdrawal_balance_usd", "withdrawal_balance_ngn"]) expect(r.body.data[k]).toMatch(/^\d+\.\d{2}$/);
  });

  it("moves collection to withdrawal balance and records the move", async () => {
    const before = await balances(h.emu);
    const r = await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: "1250.50" }, { idem: false });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ amount_usd: "1250.50", from: "collection_balance_usd", to: "withdrawal_balance_usd", status: "COMPLETED" });
    const after = await balances(h.emu);
    expect(new Decimal(before.collection_balance_usd).minus(after.collection_balance_usd).toFixed(2)).toBe("1250.50");
    expect(new Decimal(after.withdrawal_balance_usd).minus(before.withdrawal_balance_usd).toFixed(2)).toBe("1250.50");
    expect(r.body.data.balance).toEqual(after);
    const history = await get(h.emu, "/v1/merchant/balance/transfers");
    expect(history.body).toMatchObject({ page: 1, limit: 20 });
    expect(history.body.data[0]).toEqual({
      id: r.body.data.id,
      amount_usd: "1250.50",
      from: "collection_balance_usd",
      to: "withdrawal_balance_usd",
      status: "COMPLETED",
      created_at: r.body.data.created_at,
    });
    expect(history.body.total).toBe(3);
    const events = await eventsFor(h.hooks, r.body.data.id as string, ["balance.transfer.completed"], 1);
    expect(events.map((e) => e.event)).toEqual(["balance.transfer.completed"]);
    expect(events[0]?.data).toEqual(history.body.data[0]);
  });

  it("honours X-Idempotency-Key when sent; never goes negative; validates the amount", async () => {
    const key = randomUUID();
    const a = await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: "10.00" }, { idem: key });
    const b = await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: "10.00" }, { idem: key });
    expect(b.body.data.id).toBe(a.body.data.id);
    // A replayed request moved nothing, so it announces nothing either.
    await h.emu.control.advance(1_000);
    expect(await eventsFor(h.hooks, a.body.data.id as string, ["balance.transfer.completed"], 2)).toHaveLength(1);
    const current = await balances(h.emu);
    const tooMuch = new Decimal(current.collection_balance_usd).plus("0.01").toFixed(2);
    expectCoreError(await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: tooMuch }), 400, "insufficient_balance");
    expect((await balances(h.emu)).collection_balance_usd).toBe(current.collection_balance_usd);
    for (const amount_usd of [undefined, "0", "-1", "1.001", 5]) {
      expectFieldErrors(await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd }), "amount_usd");
    }
    expectCoreError(await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: "1.00" }, { apiKey: h.emu.keys.frozen }), 403, "merchant_frozen");
    expect((await get(h.emu, "/v1/merchant/balance", h.emu.keys.frozen)).status).toBe(200);
  });
});

describe("merchant withdrawals", () => {
  it("PENDING -> SUBMITTED -> SETTLED with events, drawing amount plus fee from the withdrawal balance", async () => {
    const before = await balances(h.emu);
    const r = await post(h.emu, "/v1/merchant/withdrawals", wd());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(Object.keys(r.body.data)).toEqual(["transaction_id"]);
    const id = r.body.data.transaction_id as string;
    const after = await balances(h.emu);
    expect(new Decimal(before.withdrawal_balance_usd).minus(after.withdrawal_balance_usd).toFixed(2)).toBe("101.00");
    expect(after.collection_balance_usd).toBe(before.collection_balance_usd);

    const pending = (await get(h.emu, `/v1/merchant/withdrawals/${id}`)).body;
    expect(pending).toMatchObject({
      id,
      amount_usd: "100.00",
      fee_usd: "1.00",
      token: "USDT",
      chain: "POLYGON",
      destination_address: POLYGON_ADDRESS,
      status: "PENDING",
      submitted_at: null,
      settled_at: null,
    });
    expect(pending).not.toHaveProperty("tx_hash");
    await h.emu.control.advance(10_000);
    const submitted = (await get(h.emu, `/v1/merchant/withdrawals/${id}`)).body;
    expect(submitted.status).toBe("SUBMITTED");
    expect(submitted.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(submitted.provider_tx_id).toEqual(expect.any(String));
    expect(submitted.submitted_at).toEqual(expect.any(String));
    await h.emu.control.advance(60_000);
    const settled = (await get(h.emu, `/v1/merchant/withdrawals/${id}`)).body;
    expect(settled.status).toBe("SETTLED");
    expect(Date.parse(settled.settled_at)).toBeGreaterThan(Date.parse(settled.submitted_at));
    const events = await eventsFor(h.hooks, id, WD_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["withdrawal.created", "withdrawal.submitted", "withdrawal.completed"]);
    expect(events[2]?.data).toEqual(settled);
  });

  it("fails for the blocked destination with failure_code/message and refunds (withdrawal.failed)", async () => {
    const before = await balances(h.emu);
    const r = await post(h.emu, "/v1/merchant/withdrawals", wd({ destination_address: "0x000000000000000000000000000000000000dEaD" }));
    const id = r.body.data.transaction_id as string;
    await h.emu.control.advance(10_000);
    const failed = (await get(h.emu, `/v1/merchant/withdrawals/${id}`)).body;
    expect(failed).toMatchObject({ status: "FAILED", failure_code: "destination_rejected", failure_message: expect.any(String) });
    expect((await balances(h.emu)).withdrawal_balance_usd).toBe(before.withdrawal_balance_usd);
    const events = await eventsFor(h.hooks, id, WD_EVENTS, 2);
    expect(events.map((e) => e.event)).toEqual(["withdrawal.created", "withdrawal.failed"]);
    expect(events[1]?.data.failure_code).toBe("destination_rejected");
  });

  it("the withdraw alias creates a merchant withdrawal too", async () => {
    const r = await post(h.emu, "/v1/merchant/balance/withdraw", wd({ amount_usd: "20.00" }), { idem: false });
    expect(r.status).toBe(201);
    const w = (await get(h.emu, `/v1/merchant/withdrawals/${r.body.data.transaction_id}`)).body;
    expect(w).toMatchObject({ amount_usd: "20.00", status: "PENDING" });
  });

  it("only USDT on POLYGON is enabled; validates amount, token, chain and address", async () => {
    for (const o of [{ token: "USDC" }, { chain: "ETHEREUM" }, { token: "USDT", chain: "TRON" }]) {
      const err = expectCoreError(await post(h.emu, "/v1/merchant/withdrawals", wd(o)), 400, "withdrawal_rail_not_supported");
      expect(err.message).toMatch(/USDT on POLYGON/);
    }
    expectFieldErrors(await post(h.emu, "/v1/merchant/withdrawals", {}), "amount_usd", "token", "chain", "destination_address");
    expectFieldErrors(await post(h.emu, "/v1/merchant/withdrawals", wd({ amount_usd: "4.99" })), "amount_usd");
    expectFieldErrors(await post(h.emu, "/v1/merchant/withdrawals", wd({ destination_address: "TXYZ" })), "destination_address");
    const current = await balances(h.emu);
    const err = expectCoreError(
      await post(h.emu, "/v1/merchant/withdrawals", wd({ amount_usd: new Decimal(current.withdrawal_balance_usd).toFixed(2) })),
      400,
      "insufficient_balance",
    );
    expect(err.details.required).toBe(new Decimal(current.withdrawal_balance_usd).plus(1).toFixed(2));
    expect((await balances(h.emu)).withdrawal_balance_usd).toBe(current.withdrawal_balance_usd);
  });

  it("requires idempotency; blocked when frozen; scope checked", async () => {
    expectCoreError(await post(h.emu, "/v1/merchant/withdrawals", wd(), { idem: false }), 400, "IDEMPOTENCY_KEY_REQUIRED");
    expectCoreError(await post(h.emu, "/v1/merchant/withdrawals", wd(), { apiKey: h.emu.keys.frozen }), 403, "merchant_frozen");
    expectCoreError(await post(h.emu, "/v1/merchant/balance/withdraw", wd(), { apiKey: h.emu.keys.frozen }), 403, "merchant_frozen");
    expectCoreError(await post(h.emu, "/v1/merchant/withdrawals", wd(), { apiKey: h.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
    const key = randomUUID();
    const a = await post(h.emu, "/v1/merchant/withdrawals", wd({ amount_usd: "7.00" }), { idem: key });
    const b = await post(h.emu, "/v1/merchant/withdrawals", wd({ amount_usd: "7.00" }), { idem: key });
    expect(b.body.data.transaction_id).toBe(a.body.data.transaction_id);
  });

  it("lists with limit default 50 (max 100), page and status; 400 on an invalid query", async () => {
    const def = await get(h.emu, "/v1/merchant/withdrawals");
    expect(def.status).toBe(200);
    expect(def.body).toMatchObject({ page: 1, limit: 50, total_pages: 1 });
    expect(def.body.total).toBeGreaterThanOrEqual(8);
    const settled = await get(h.emu, "/v1/merchant/withdrawals?status=SETTLED");
    expect((settled.body.data as Json[]).every((w) => w.status === "SETTLED")).toBe(true);
    expect(settled.body.total).toBeGreaterThanOrEqual(4);
    const p = await get(h.emu, "/v1/merchant/withdrawals?limit=3&page=2");
    expect(p.body).toMatchObject({ page: 2, limit: 3, total: def.body.total, total_pages: Math.ceil(def.body.total / 3) });
    expect(p.body.data).toEqual((def.body.data as Json[]).slice(3, 6));
    expect((await get(h.emu, "/v1/merchant/withdrawals?limit=100")).status).toBe(200);
    for (const q of ["limit=101", "limit=0", "page=0", "status=DONE", "limit=ten"]) {
      expectCoreError(await get(h.emu, `/v1/merchant/withdrawals?${q}`), 400, "BAD_REQUEST");
    }
    expectCoreError(await get(h.emu, "/v1/merchant/withdrawals/xyz"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, `/v1/merchant/withdrawals/${randomUUID()}`), 404, "NOT_FOUND");
  });
});

describe("merchant funding", () => {
  it("returns the configuration with the NGN account and crypto wallet", async () => {
    const r = await get(h.emu, "/v1/merchant/funding");
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ setup_status: "ACTIVE", ngn_settlement_destination: "USD_BALANCE" });
    expect(r.body.data.ngn_account).toMatchObject({ account_number: expect.stringMatching(/^\d{10}$/), bank_code: "035", bank_name: "Wema Bank" });
    expect(r.body.data.crypto_wallet.wallet_id).toEqual(expect.any(String));
    expect(r.body.data.crypto_wallet.addresses.length).toBeGreaterThan(0);
  });

  it("switches the NGN settlement destination both ways", async () => {
    const ngn = await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: { ngn_settlement_destination: "NGN_BALANCE" } });
    expect(ngn.status).toBe(200);
    expect(ngn.body.data.ngn_settlement_destination).toBe("NGN_BALANCE");
    expect((await get(h.emu, "/v1/merchant/funding")).body.data.ngn_settlement_destination).toBe("NGN_BALANCE");
    const usd = await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: { ngn_settlement_destination: "USD_BALANCE" } });
    expect(usd.body.data.ngn_settlement_destination).toBe("USD_BALANCE");
  });

  it("400 for an unsupported value or a missing one", async () => {
    expectCoreError(
      await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: { ngn_settlement_destination: "EUR_BALANCE" } }),
      400,
      "unsupported_settlement_destination",
    );
    expectFieldErrors(await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", { json: {} }), "ngn_settlement_destination");
  });

  it("400 ngn_account_required for NGN_BALANCE when the setup has no NGN account (Second Merchant)", async () => {
    const cfg = await get(h.emu, "/v1/merchant/funding", h.emu.keys.second);
    expect(cfg.body.data.ngn_account).toBeNull();
    expectCoreError(
      await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", {
        json: { ngn_settlement_destination: "NGN_BALANCE" },
        apiKey: h.emu.keys.second,
      }),
      400,
      "ngn_account_required",
    );
    const usd = await call(h.emu, "PATCH", "/v1/merchant/funding/settlement-destination", {
      json: { ngn_settlement_destination: "USD_BALANCE" },
      apiKey: h.emu.keys.second,
    });
    expect(usd.status).toBe(200);
  });
});

describe("legacy payouts", () => {
  it("lists 45 payouts with default 20 and max 100, filters by type and status", async () => {
    const def = await get(h.emu, "/v1/payouts");
    expect(def.body).toMatchObject({ page: 1, limit: 20, total: 45, total_pages: 3 });
    const last = await get(h.emu, "/v1/payouts?page=3");
    expect(last.body.data).toHaveLength(5);
    const max = await get(h.emu, "/v1/payouts?limit=100");
    expect(max.body).toMatchObject({ total_pages: 1 });
    expect(max.body.data).toHaveLength(45);
    expectCoreError(await get(h.emu, "/v1/payouts?limit=101"), 400, "BAD_REQUEST");
    for (const [q, k, v] of [
      ["type=NGN_PAYOUT", "type", "NGN_PAYOUT"],
      ["type=CRYPTO_PAYOUT", "type", "CRYPTO_PAYOUT"],
      ["status=FAILED", "status", "FAILED"],
      ["status=PROCESSING", "status", "PROCESSING"],
      ["status=SETTLED", "status", "SETTLED"],
    ] as const) {
      const r = await get(h.emu, `/v1/payouts?${q}&limit=100`);
      expect(r.body.total).toBeGreaterThan(0);
      expect((r.body.data as Json[]).every((p) => p[k] === v)).toBe(true);
    }
    expectCoreError(await get(h.emu, "/v1/payouts?type=WIRE"), 400, "BAD_REQUEST");
  });

  it("retrieves a payout with the spec's fields", async () => {
    const list = (await get(h.emu, "/v1/payouts?type=NGN_PAYOUT&status=SETTLED&limit=1")).body.data as Json[];
    const p = (await get(h.emu, `/v1/payouts/${list[0]?.id}`)).body;
    expect(Object.keys(p).sort()).toEqual(
      [
        "created_at",
        "destination_amount",
        "destination_currency",
        "fee",
        "id",
        "rate",
        "recipient",
        "reference",
        "sender",
        "settled_at",
        "source_amount",
        "source_currency",
        "status",
        "tx_hash",
        "type",
      ].sort(),
    );
    expect(p).toMatchObject({ type: "NGN_PAYOUT", tx_hash: null, rate: { side: "SELL" }, recipient: { type: "BANK_ACCOUNT", crypto_address: null } });
    expect(p.recipient.bank_account).toMatchObject({ bank_code: "044" });
    expect(p.settled_at).toEqual(expect.any(String));
    expectCoreError(await get(h.emu, "/v1/payouts/1"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, `/v1/payouts/${randomUUID()}`), 404, "NOT_FOUND");
  });
});

describe("legacy onramps and offramps", () => {
  it("lists and retrieves seeded records; 400/404 on bad ids", async () => {
    for (const path of ["/v1/onramps", "/v1/offramps"]) {
      const list = await get(h.emu, path);
      expect(list.body).toMatchObject({ page: 1, limit: 20, total: 5, total_pages: 1 });
      const first = (list.body.data as Json[])[0] as Json;
      expect((await get(h.emu, `${path}/${first.id}`)).body).toEqual(first);
      const expired = await get(h.emu, `${path}?status=EXPIRED`);
      expect((expired.body.data as Json[]).every((o) => o.status === "EXPIRED")).toBe(true);
      expectCoreError(await get(h.emu, `${path}?status=OPEN`), 400, "BAD_REQUEST");
      expectCoreError(await get(h.emu, `${path}/nope`), 400, "BAD_REQUEST");
      expectCoreError(await get(h.emu, `${path}/${randomUUID()}`), 404, "NOT_FOUND");
    }
  });

  it("offramps carry the spec's fields and enums", async () => {
    for (const o of (await get(h.emu, "/v1/offramps")).body.data as Json[]) {
      expect(["APTOS", "BASE", "CELO", "ETHEREUM", "POLYGON", "SOLANA", "TRON"]).toContain(o.chain);
      expect(["USDC", "USDT"]).toContain(o.asset);
      expect(["ACTIVE", "INACTIVE", "EXPIRED"]).toContain(o.status);
      expect(["INTERNAL_BALANCE", "NGN_PAYOUT"]).toContain(o.settlement.mode);
      for (const k of ["id", "type", "customer_id", "address", "developer_fee", "settlement", "created_at", "updated_at"]) expect(o).toHaveProperty(k);
    }
  });

  it("creates an offramp (NGN_PAYOUT with a SELL rate and a resolved bank) that expires when temporary", async () => {
    const customer = await customerWhere(h.emu, (c) => c.kyc_tier === 1);
    const sell = await rate(h.emu, "USDT", "SELL");
    const r = await post(h.emu, "/v1/offramps", {
      type: "TEMPORARY",
      customer_id: customer.id,
      chain: "TRON",
      asset: "USDT",
      developer_fee: { percentage: "1" },
      settlement: { mode: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: { account_number: "0690000031", bank_code: "044" } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      status: "ACTIVE",
      chain: "TRON",
      asset: "USDT",
      developer_fee: { percentage: "1" },
      settlement: {
        mode: "NGN_PAYOUT",
        rate_id: sell.rate_id,
        destination_bank: { account_name: "Adaeze Okonkwo", account_number: "0690000031", bank_code: "044" },
      },
    });
    expect(r.body.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await h.emu.control.advance(61 * 60 * 1000);
    expect((await get(h.emu, `/v1/offramps/${r.body.id}`)).body.status).toBe("EXPIRED");
    expectFieldErrors(
      await post(h.emu, "/v1/offramps", { type: "TEMPORARY", customer_id: customer.id, chain: "BTC", asset: "DAI", settlement: { mode: "INTERNAL_BALANCE" } }),
      "chain",
      "asset",
      "settlement.mode",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/offramps", { type: "PERMANENT", customer_id: customer.id, chain: "BASE", asset: "USDC", settlement: { mode: "NGN_PAYOUT" } }),
      "settlement.rate_id",
      "settlement.destination_bank",
    );
  });

  it("creates an onramp with a virtual account; validates amount and settlement", async () => {
    const customer = await customerWhere(h.emu, (c) => c.kyc_tier === 2);
    const r = await post(h.emu, "/v1/onramps", { type: "TEMPORARY", customer_id: customer.id, amount: 75000, settlement: { mode: "INTERNAL_BALANCE" } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: "ACTIVE", amount: "75000.00", currency: "NGN", virtual_account: { bank_code: "035" } });
    expect(r.body.expires_at).toEqual(expect.any(String));
    expectFieldErrors(await post(h.emu, "/v1/onramps", { type: "TEMPORARY", customer_id: customer.id, settlement: { mode: "INTERNAL_BALANCE" } }), "amount");
    expectFieldErrors(
      await post(h.emu, "/v1/onramps", { type: "PERMANENT", customer_id: customer.id, settlement: { mode: "ONCHAIN" } }),
      "settlement.asset",
      "settlement.chain",
      "settlement.address",
      "settlement.rate_id",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/onramps", { type: "PERMANENT", customer_id: randomUUID(), settlement: { mode: "INTERNAL_BALANCE" } }),
      "customer_id",
    );
    expectCoreError(
      await post(
        h.emu,
        "/v1/onramps",
        { type: "PERMANENT", customer_id: customer.id, settlement: { mode: "INTERNAL_BALANCE" } },
        { apiKey: h.emu.keys.frozen },
      ),
      403,
      "merchant_frozen",
    );
  });
});
