/**
 * Contract suite: funding accounts (creation rules, lifecycle and events, list filters and paging,
 * settlement destination changes, idempotency, frozen merchant, scopes).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  activeFundingAccount,
  call,
  customerWhere,
  customers,
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
  customerId = (await customerWhere(h.emu, (c) => c.email === "amaka.obi@example.com")).id;
});

const FA_EVENTS = ["funding_account.created", "funding_account.active", "funding_account.failed", "funding_account.disabled"];

const tempNgn = (overrides: Json = {}): Json => ({
  type: "TEMPORARY",
  rail: "NGN_VIRTUAL_ACCOUNT",
  customer: { customer_id: customerId },
  currency: "NGN",
  amount: "50000",
  settlement_destination: { type: "INTERNAL_BALANCE" },
  ...overrides,
});

/** A permanent crypto-rail account settling to the internal balance; each validation case adds or breaks a field. */
const permanentCrypto = (overrides: Json = {}): Json => ({
  type: "PERMANENT",
  rail: "CRYPTO_ADDRESS",
  customer: { customer_id: customerId },
  settlement_destination: { type: "INTERNAL_BALANCE" },
  ...overrides,
});

const payoutBank = { account_number: "0690000035", bank_code: "044" };

describe("POST /v1/funding-accounts: success", () => {
  it("creates a temporary NGN account PENDING, then ACTIVE with funding_account.active", async () => {
    const r = await post(h.emu, "/v1/funding-accounts", tempNgn());
    expect(r.status).toBe(201);
    const fa = r.body;
    expect(fa).toMatchObject({
      object: "funding_account",
      type: "TEMPORARY",
      status: "PENDING",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer_id: customerId,
      currency: "NGN",
      amount: "50000.00",
      settlement_destination: { type: "INTERNAL_BALANCE", rate_id: null },
    });
    expect(fa.instructions).toHaveLength(1);
    expect(fa.instructions[0]).toMatchObject({ type: "BANK_TRANSFER", status: "PENDING", currency: "NGN", bank_code: "035", bank_name: "Wema Bank" });
    expect(fa.instructions[0].account_number).toMatch(/^\d{10}$/);
    expect(fa.instructions[0].account_name).toContain("Amaka Obi");
    expect(Date.parse(fa.expires_at) - Date.parse(fa.created_at)).toBe(60 * 60 * 1000);

    await h.emu.control.advance(2_500);
    const after = await get(h.emu, `/v1/funding-accounts/${fa.id}`);
    expect(after.body.status).toBe("ACTIVE");
    expect(after.body.instructions[0].status).toBe("ACTIVE");
    const events = await eventsFor(h.hooks, fa.id, FA_EVENTS, 2);
    expect(events.map((e) => e.event)).toEqual(["funding_account.created", "funding_account.active"]);
    expect(events[1]?.data).toEqual(after.body);
  });

  it("creates crypto deposit addresses in each chain family's format", async () => {
    const formats: Record<string, RegExp> = {
      POLYGON: /^0x[0-9a-f]{40}$/i,
      APTOS: /^0x[0-9a-f]{64}$/i,
      SOLANA: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
      TRON: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    };
    for (const [chain, re] of Object.entries(formats)) {
      const r = await post(h.emu, "/v1/funding-accounts", {
        type: "PERMANENT",
        rail: "CRYPTO_ADDRESS",
        customer: { customer_id: customerId },
        asset: "USDT",
        chain,
        settlement_destination: { type: "INTERNAL_BALANCE" },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body).toMatchObject({ rail: "CRYPTO_ADDRESS", asset: "USDT", chain, amount: null, expires_at: null, currency: "USDT" });
      expect(r.body.instructions[0]).toMatchObject({ type: "CRYPTO_TRANSFER", asset: "USDT", chain });
      expect(r.body.instructions[0].address).toMatch(re);
    }
  });

  it("creates a temporary crypto account settling NGN_PAYOUT with a SELL rate and a resolved bank", async () => {
    const sell = await rate(h.emu, "USDC", "SELL");
    const r = await post(h.emu, "/v1/funding-accounts", {
      type: "TEMPORARY",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDC",
      chain: "BASE",
      settlement_destination: { type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: payoutBank },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.settlement_destination).toMatchObject({
      type: "NGN_PAYOUT",
      rate_id: sell.rate_id,
      destination_bank: { account_number: "0690000035", bank_code: "044", account_name: "Emeka Nwosu", bank_name: "Access Bank" },
    });
  });

  it("creates an NGN account settling ONCHAIN with a BUY rate to the destination asset", async () => {
    const buy = await rate(h.emu, "USDT", "BUY");
    const r = await post(h.emu, "/v1/funding-accounts", {
      type: "PERMANENT",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer: { customer_id: customerId },
      settlement_destination: {
        type: "ONCHAIN",
        rate_id: buy.rate_id,
        destination_asset: "USDT",
        destination_chain: "POLYGON",
        destination_address: "0x1111111111111111111111111111111111111111",
      },
      developer_fee: { percentage: "2.5" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.developer_fee).toEqual({ percentage: "2.5" });
    expect(r.body.amount).toBeNull();
    expect(r.body.expires_at).toBeNull();
  });

  it("fails provisioning for the documented trigger customer with funding_account.failed", async () => {
    const failing = await customerWhere(h.emu, (c) => c.email === "provisioning.fail@sandbox.test");
    const r = await post(h.emu, "/v1/funding-accounts", tempNgn({ customer: { customer_id: failing.id } }));
    expect(r.status).toBe(201);
    await h.emu.control.advance(2_500);
    const after = await get(h.emu, `/v1/funding-accounts/${r.body.id}`);
    expect(after.body.status).toBe("FAILED");
    expect(after.body.failure_reason).toEqual(expect.any(String));
    const events = await eventsFor(h.hooks, r.body.id, FA_EVENTS, 2);
    expect(events.map((e) => e.event)).toEqual(["funding_account.created", "funding_account.failed"]);
  });

  it("disables a temporary account when it expires (funding_account.disabled, instruction EXPIRED)", async () => {
    const fa = await activeFundingAccount(h.emu, tempNgn());
    await h.emu.control.advance(60 * 60 * 1000);
    const after = await get(h.emu, `/v1/funding-accounts/${fa.id}`);
    expect(after.body.status).toBe("DISABLED");
    expect(after.body.instructions[0].status).toBe("EXPIRED");
    const events = await eventsFor(h.hooks, fa.id, FA_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["funding_account.created", "funding_account.active", "funding_account.disabled"]);
  });
});

describe("POST /v1/funding-accounts: validation", () => {
  it("names every missing required field", async () => {
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", {}), "type", "rail", "customer.customer_id", "settlement_destination");
  });

  it("rejects unknown enums and an unknown customer", async () => {
    const fields = expectFieldErrors(
      await post(h.emu, "/v1/funding-accounts", tempNgn({ type: "DAILY", rail: "CARD", customer: { customer_id: randomUUID() } })),
      "type",
      "rail",
      "customer.customer_id",
    );
    expect(fields["customer.customer_id"]).toMatch(/not found/);
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ customer: { customer_id: "abc" } })), "customer.customer_id");
  });

  it("requires an integer amount of at least 1000 for temporary NGN, refuses it elsewhere", async () => {
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: undefined })), "amount");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "100.50" })), "amount");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: 12.5 })), "amount");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "999" })), "amount");
    // Money is a decimal string (spec): a JSON number is refused even when it is a whole amount.
    const asNumber = await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: 50000 }));
    expectFieldErrors(asNumber, "amount");
    expect(JSON.stringify(asNumber.body)).toContain("decimal string");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "1e5" })), "amount");
    const decimal = await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "75000.00" }));
    expect(decimal.status, JSON.stringify(decimal.body)).toBe(201);
    expect(decimal.body.amount).toBe("75000.00");
    const ok = await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "1000" }));
    expect(ok.status).toBe(201);
    expect(ok.body.amount).toBe("1000.00");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ type: "PERMANENT" })), "amount");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", permanentCrypto({ asset: "USDC", chain: "BASE", amount: 100 })), "amount");
  });

  it("requires asset and chain on the crypto rail only, and currency to match the rail", async () => {
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", permanentCrypto()), "asset", "chain");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", permanentCrypto({ asset: "DAI", chain: "BITCOIN" })), "asset", "chain");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", permanentCrypto({ asset: "USDC", chain: "BASE", currency: "USDT" })), "currency");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ currency: "USD", asset: "USDC", chain: "BASE" })), "currency", "asset", "chain");
  });

  it("allows only the settlement types of each rail and type", async () => {
    const cryptoTemp = (sd: Json) => ({
      type: "TEMPORARY",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDC",
      chain: "BASE",
      settlement_destination: sd,
    });
    const f1 = expectFieldErrors(await post(h.emu, "/v1/funding-accounts", cryptoTemp({ type: "INTERNAL_BALANCE" })), "settlement_destination.type");
    expect(f1["settlement_destination.type"]).toContain("NGN_PAYOUT");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", cryptoTemp({ type: "ONCHAIN" })), "settlement_destination.type");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ settlement_destination: { type: "NGN_PAYOUT" } })), "settlement_destination.type");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ settlement_destination: { type: "WIRE" } })), "settlement_destination.type");
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ settlement_destination: {} })), "settlement_destination.type");
  });

  it("requires a valid, unexpired rate_id of the right side and asset for converting settlements", async () => {
    const body = (sd: Json) => ({
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDT",
      chain: "TRON",
      settlement_destination: { type: "NGN_PAYOUT", destination_bank: payoutBank, ...sd },
    });
    const missing = expectFieldErrors(await post(h.emu, "/v1/funding-accounts", body({})), "settlement_destination.rate_id");
    expect(missing["settlement_destination.rate_id"]).toMatch(/required/);
    expect(
      expectFieldErrors(await post(h.emu, "/v1/funding-accounts", body({ rate_id: randomUUID() })), "settlement_destination.rate_id")[
        "settlement_destination.rate_id"
      ],
    ).toMatch(/not found/);
    const buy = await rate(h.emu, "USDT", "BUY");
    expect(
      expectFieldErrors(await post(h.emu, "/v1/funding-accounts", body({ rate_id: buy.rate_id })), "settlement_destination.rate_id")[
        "settlement_destination.rate_id"
      ],
    ).toMatch(/SELL/);
    const wrongAsset = await rate(h.emu, "USDC", "SELL");
    expect(
      expectFieldErrors(await post(h.emu, "/v1/funding-accounts", body({ rate_id: wrongAsset.rate_id })), "settlement_destination.rate_id")[
        "settlement_destination.rate_id"
      ],
    ).toMatch(/USDT/);

    const sell = await rate(h.emu, "USDT", "SELL");
    await h.emu.control.advance(31 * 60 * 1000);
    expect(
      expectFieldErrors(await post(h.emu, "/v1/funding-accounts", body({ rate_id: sell.rate_id })), "settlement_destination.rate_id")[
        "settlement_destination.rate_id"
      ],
    ).toMatch(/expired/);
    const fresh = await rate(h.emu, "USDT", "SELL");
    expect((await post(h.emu, "/v1/funding-accounts", body({ rate_id: fresh.rate_id }))).status).toBe(201);

    const buyUsdc = await rate(h.emu, "USDC", "BUY");
    const onchain = (sd: Json) => tempNgn({ settlement_destination: { type: "ONCHAIN", ...sd } });
    expectFieldErrors(
      await post(h.emu, "/v1/funding-accounts", onchain({})),
      "settlement_destination.rate_id",
      "settlement_destination.destination_asset",
      "settlement_destination.destination_chain",
      "settlement_destination.destination_address",
    );
    expectFieldErrors(
      await post(
        h.emu,
        "/v1/funding-accounts",
        onchain({ rate_id: buyUsdc.rate_id, destination_asset: "USDT", destination_chain: "TRON", destination_address: "0x12" }),
      ),
      "settlement_destination.rate_id",
      "settlement_destination.destination_chain",
      "settlement_destination.destination_address",
    );
  });

  it("resolves the destination bank and refuses fields the settlement type does not use", async () => {
    const sell = await rate(h.emu, "USDC", "SELL");
    const body = (sd: Json) => ({
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDC",
      chain: "BASE",
      settlement_destination: sd,
    });
    expectFieldErrors(
      await post(
        h.emu,
        "/v1/funding-accounts",
        body({ type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: { account_number: "1234567890", bank_code: "044" } }),
      ),
      "settlement_destination.destination_bank.account_number",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/funding-accounts", body({ type: "NGN_PAYOUT", rate_id: sell.rate_id })),
      "settlement_destination.destination_bank",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/funding-accounts", body({ type: "INTERNAL_BALANCE", destination_bank: payoutBank, rate_id: sell.rate_id })),
      "settlement_destination.destination_bank",
      "settlement_destination.rate_id",
    );
  });

  it("validates developer_fee.percentage", async () => {
    for (const percentage of ["0", "-1", "10.5", "abc", "1.234"]) {
      expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ developer_fee: { percentage } })), "developer_fee.percentage");
    }
    expectFieldErrors(await post(h.emu, "/v1/funding-accounts", tempNgn({ developer_fee: { percentage: 2 } })), "developer_fee.percentage");
  });

  it("400 BAD_REQUEST on a body that is not a JSON object", async () => {
    expectCoreError(await call(h.emu, "POST", "/v1/funding-accounts", { raw: "[1,2]" }), 400, "BAD_REQUEST");
  });
});

describe("POST /v1/funding-accounts: idempotency, scopes, frozen merchant", () => {
  it("requires X-Idempotency-Key; replays the same key; 409 on a different body", async () => {
    expectCoreError(await post(h.emu, "/v1/funding-accounts", tempNgn(), { idem: false }), 400, "IDEMPOTENCY_KEY_REQUIRED");
    const key = randomUUID();
    const a = await post(h.emu, "/v1/funding-accounts", tempNgn(), { idem: key });
    const b = await post(h.emu, "/v1/funding-accounts", tempNgn(), { idem: key });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    expectCoreError(await post(h.emu, "/v1/funding-accounts", tempNgn({ amount: "60000" }), { idem: key }), 409, "IDEMPOTENCY_KEY_REUSED");
    const list = await get(h.emu, `/v1/funding-accounts?customer_id=${customerId}&limit=200`);
    expect((list.body.data as Json[]).filter((f) => f.id === a.body.id)).toHaveLength(1);
  });

  it("403 API_KEY_INVALID_SCOPE for a read-only key", async () => {
    expectCoreError(await post(h.emu, "/v1/funding-accounts", tempNgn(), { apiKey: h.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
  });

  it("403 merchant_frozen for the frozen merchant, whose reads still work", async () => {
    const [frozenCustomer] = await customers(h.emu, h.emu.keys.frozen);
    const r = await post(h.emu, "/v1/funding-accounts", tempNgn({ customer: { customer_id: frozenCustomer?.id } }), { apiKey: h.emu.keys.frozen });
    expectCoreError(r, 403, "merchant_frozen");
    const list = await get(h.emu, "/v1/funding-accounts", h.emu.keys.frozen);
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThan(0);
  });
});

describe("GET /v1/funding-accounts", () => {
  it("filters by rail, type, status and customer; pages with limit up to 200", async () => {
    const all = await get(h.emu, "/v1/funding-accounts?limit=200");
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ page: 1, limit: 200 });
    expect(all.body.total).toBe((all.body.data as Json[]).length);
    const def = await get(h.emu, "/v1/funding-accounts");
    expect(def.body.limit).toBe(20);
    expect(def.body.total_pages).toBe(Math.ceil(def.body.total / 20));

    const crypto = await get(h.emu, "/v1/funding-accounts?rail=CRYPTO_ADDRESS&limit=200");
    expect((crypto.body.data as Json[]).every((f) => f.rail === "CRYPTO_ADDRESS")).toBe(true);
    expect(crypto.body.total).toBeGreaterThan(0);
    const temp = await get(h.emu, "/v1/funding-accounts?type=TEMPORARY&status=DISABLED");
    expect((temp.body.data as Json[]).every((f) => f.type === "TEMPORARY" && f.status === "DISABLED")).toBe(true);
    const mine = await get(h.emu, `/v1/funding-accounts?customer_id=${customerId}&limit=200`);
    expect((mine.body.data as Json[]).every((f) => f.customer_id === customerId)).toBe(true);
    const failed = await get(h.emu, "/v1/funding-accounts?status=FAILED");
    expect(failed.body.total).toBeGreaterThanOrEqual(1);

    const p2 = await get(h.emu, "/v1/funding-accounts?limit=3&page=2");
    expect(p2.body.data).toEqual((all.body.data as Json[]).slice(3, 6));
  });

  it("400 BAD_REQUEST on limit over 200 or unknown filter values", async () => {
    expectCoreError(await get(h.emu, "/v1/funding-accounts?limit=201"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/funding-accounts?status=OPEN"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/funding-accounts?rail=CARD"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/funding-accounts?customer_id=xyz"), 400, "BAD_REQUEST");
  });

  it("retrieves by id; 400 on a bad id, 404 on an unknown id", async () => {
    expectCoreError(await get(h.emu, "/v1/funding-accounts/123"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, `/v1/funding-accounts/${randomUUID()}`), 404, "NOT_FOUND");
  });
});

describe("PATCH /v1/funding-accounts/{id}/settlement-destination", () => {
  it("changes a permanent active account's destination", async () => {
    const fa = await activeFundingAccount(h.emu, {
      type: "PERMANENT",
      rail: "CRYPTO_ADDRESS",
      customer: { customer_id: customerId },
      asset: "USDC",
      chain: "POLYGON",
      settlement_destination: { type: "INTERNAL_BALANCE" },
    });
    const sell = await rate(h.emu, "USDC", "SELL");
    const r = await call(h.emu, "PATCH", `/v1/funding-accounts/${fa.id}/settlement-destination`, {
      json: { type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: payoutBank },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.settlement_destination).toMatchObject({ type: "NGN_PAYOUT", rate_id: sell.rate_id, destination_bank: { account_name: "Emeka Nwosu" } });
    const again = await get(h.emu, `/v1/funding-accounts/${fa.id}`);
    expect(again.body.settlement_destination.type).toBe("NGN_PAYOUT");

    const wrapped = await call(h.emu, "PATCH", `/v1/funding-accounts/${fa.id}/settlement-destination`, {
      json: { settlement_destination: { type: "INTERNAL_BALANCE" } },
    });
    expect(wrapped.status).toBe(200);
    expect(wrapped.body.settlement_destination.type).toBe("INTERNAL_BALANCE");

    const bad = await call(h.emu, "PATCH", `/v1/funding-accounts/${fa.id}/settlement-destination`, { json: { type: "NGN_PAYOUT" } });
    expectFieldErrors(bad, "rate_id", "destination_bank");
  });

  it("refuses temporary, pending and the merchant's own accounts; 404 unknown", async () => {
    const temp = await activeFundingAccount(h.emu, tempNgn());
    expectCoreError(
      await call(h.emu, "PATCH", `/v1/funding-accounts/${temp.id}/settlement-destination`, { json: { type: "INTERNAL_BALANCE" } }),
      400,
      "funding_account_not_eligible",
    );
    const pending = await post(h.emu, "/v1/funding-accounts", tempNgn({ type: "PERMANENT", amount: undefined }));
    expect(pending.body.status).toBe("PENDING");
    expectCoreError(
      await call(h.emu, "PATCH", `/v1/funding-accounts/${pending.body.id}/settlement-destination`, { json: { type: "INTERNAL_BALANCE" } }),
      400,
      "funding_account_not_eligible",
    );
    const own = (await get(h.emu, "/v1/funding-accounts?limit=200")).body.data.find((f: Json) => f.customer_id === null);
    expectCoreError(
      await call(h.emu, "PATCH", `/v1/funding-accounts/${own.id}/settlement-destination`, { json: { type: "INTERNAL_BALANCE" } }),
      400,
      "funding_account_not_eligible",
    );
    expectCoreError(
      await call(h.emu, "PATCH", `/v1/funding-accounts/${randomUUID()}/settlement-destination`, { json: { type: "INTERNAL_BALANCE" } }),
      404,
      "NOT_FOUND",
    );
  });
});
