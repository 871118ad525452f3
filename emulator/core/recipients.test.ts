/**
 * Contract suite: recipients (every validation rule of the four types, deduplication, masking,
 * list and retrieval) and transfers (quote, balance check, lifecycle and events).
 */
import Decimal from "decimal.js";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  awayFromRateRotation,
  balances,
  customerWhere,
  eventsFor,
  expectCoreError,
  expectFieldErrors,
  get,
  harnessPerSuite,
  post,
  rate,
  tier2WithPartner,
  type Json,
} from "./test-helpers";

const h = harnessPerSuite();
let partnerCustomer: string;
let noPartnerCustomer: string;
let tier1Customer: string;
beforeAll(async () => {
  partnerCustomer = (await customerWhere(h.emu, tier2WithPartner)).id;
  noPartnerCustomer = (await customerWhere(h.emu, (c) => c.kyc_tier === 2 && c.banking_partner_id === null)).id;
  tier1Customer = (await customerWhere(h.emu, (c) => c.kyc_tier === 1)).id;
});

const usAddress = (o: Json = {}): Json => ({ street_line_1: "100 Congress Avenue", city: "Austin", state: "TX", postal_code: "78701", country: "USA", ...o });
const usAccount = (o: Json = {}): Json => ({
  account_owner_name: "Jane Doe",
  account_number: "123456789",
  routing_number: "021000021",
  bank_name: "JPMorgan Chase Bank",
  account_type: "checking",
  payout_scheme: "ach",
  address: usAddress(),
  ...o,
});
const usBody = (acct: Json = {}, o: Json = {}): Json => ({ type: "US_BANK_ACCOUNT", customer_id: partnerCustomer, us_bank_account: usAccount(acct), ...o });
const gbAddress = (o: Json = {}): Json => ({ street_line_1: "1 Princes Street", city: "London", postal_code: "EC2R 8AH", country: "GBR", ...o });
const swiftAccount = (o: Json = {}): Json => ({
  account_owner_name: "Ada Lovelace",
  account_owner_type: "individual",
  first_name: "Ada",
  last_name: "Lovelace",
  account_country: "GBR",
  iban: "GB82 WEST 1234 5698 7654 32",
  bic: "NWBKGB2L",
  bank_name: "NatWest",
  category: "supplier",
  purpose_of_funds: ["invoice_for_goods_and_services"],
  short_business_description: "Software consulting",
  address: gbAddress(),
  bank_address: gbAddress({ street_line_1: "250 Bishopsgate", postal_code: "EC2M 4AA" }),
  ...o,
});
const swiftBody = (acct: Json = {}, o: Json = {}): Json => ({
  type: "SWIFT_BANK_ACCOUNT",
  customer_id: partnerCustomer,
  swift_bank_account: swiftAccount(acct),
  ...o,
});
const bankBody = (n = "0690000037", o: Json = {}): Json => ({ type: "BANK_ACCOUNT", bank_account: { account_number: n, bank_code: "044", ...o } });
const cryptoBody = (o: Json = {}): Json => ({
  type: "CRYPTO_ADDRESS",
  crypto_address: { asset: "USDC", chain: "BASE", address: "0xAbCdEf0123456789abcdef0123456789ABCDEF01", ...o },
});

const create = (body: Json) => post(h.emu, "/v1/recipients", body);

describe("POST /v1/recipients: BANK_ACCOUNT", () => {
  it("resolves the account name, fills first/last name and masks the number", async () => {
    const r = await create(bankBody("0690000037"));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      type: "BANK_ACCOUNT",
      first_name: "Garba",
      last_name: "Musa",
      bank_account: { account_name: "Garba Musa", account_number_last4: "0037", bank_code: "044", bank_name: "Access Bank" },
      crypto_address: null,
      us_bank_account: null,
      swift_bank_account: null,
    });
    expect(Object.keys(r.body).slice(0, 4)).toEqual(["id", "type", "first_name", "last_name"]);
    expect(JSON.stringify(r.body)).not.toContain("0690000037");
    const got = await get(h.emu, `/v1/recipients/${r.body.id}`);
    expect(got.body).toEqual(r.body);
  });

  it("deduplicates by account details: same details -> the existing recipient with 200", async () => {
    const a = await create(bankBody("0690000038"));
    const b = await create(bankBody("0690000038", { account_name: "Someone Else" }));
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.bank_account.account_name).toBe("Halima Abubakar");
  });

  it("keeps a supplied account_name", async () => {
    const r = await create(bankBody("0690000036", { account_name: "Funmi Bello Stores" }));
    expect(r.body.bank_account.account_name).toBe("Funmi Bello Stores");
  });

  it("rejects unresolvable accounts and missing details with field paths", async () => {
    expect(expectFieldErrors(await create(bankBody("0690000030")), "bank_account.account_number")["bank_account.account_number"]).toMatch(/0690000031/);
    expectFieldErrors(await create(bankBody("0690000031", { bank_code: "999" })), "bank_account.bank_code");
    expectFieldErrors(await create({ type: "BANK_ACCOUNT" }), "bank_account");
    expectFieldErrors(await create({ type: "BANK_ACCOUNT", bank_account: {} }), "bank_account.account_number", "bank_account.bank_code");
    expectFieldErrors(await create({ ...bankBody(), crypto_address: { asset: "USDC" } }), "crypto_address");
    expectFieldErrors(await create({}), "type");
    expectFieldErrors(await create({ type: "PAYPAL" }), "type");
  });
});

describe("POST /v1/recipients: CRYPTO_ADDRESS", () => {
  it("creates with asset, chain and address, deduplicating addresses case-insensitively", async () => {
    const r = await create(cryptoBody());
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ type: "CRYPTO_ADDRESS", first_name: null, last_name: null, bank_account: null });
    expect(r.body.crypto_address).toEqual({ asset: "USDC", chain: "BASE", address: "0xAbCdEf0123456789abcdef0123456789ABCDEF01" });
    const again = await create(cryptoBody({ address: "0xabcdef0123456789abcdef0123456789abcdef01" }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(r.body.id);
    const otherChain = await create(cryptoBody({ chain: "ARBITRUM" }));
    expect(otherChain.status).toBe(201);
  });

  it("enforces the asset and chain enums and the EVM address format", async () => {
    expectFieldErrors(
      await create(cryptoBody({ asset: "DAI", chain: "TRON", address: "TXyz" })),
      "crypto_address.asset",
      "crypto_address.chain",
      "crypto_address.address",
    );
    expectFieldErrors(await create(cryptoBody({ address: "0x123" })), "crypto_address.address");
    expectFieldErrors(await create(cryptoBody({ address: "0xZZcdef0123456789abcdef0123456789abcdef01" })), "crypto_address.address");
    expectFieldErrors(await create({ type: "CRYPTO_ADDRESS", crypto_address: {} }), "crypto_address.asset", "crypto_address.chain", "crypto_address.address");
    for (const chain of ["ETHEREUM", "BASE", "POLYGON", "ARBITRUM", "OPTIMISM", "CELO"]) {
      expect((await create(cryptoBody({ chain, asset: "USDT" }))).status).toBeLessThan(300);
    }
  });
});

describe("POST /v1/recipients: US_BANK_ACCOUNT", () => {
  it("creates an ACH recipient with names from the owner and a masked account number", async () => {
    const r = await create(usBody());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ first_name: "Jane", last_name: "Doe", customer_id: partnerCustomer, bank_account: null, swift_bank_account: null });
    expect(r.body.us_bank_account).toEqual({
      account_owner_name: "Jane Doe",
      account_number_last4: "6789",
      routing_number: "021000021",
      bank_name: "JPMorgan Chase Bank",
      account_type: "checking",
      payout_scheme: "ach",
      address: { street_line_1: "100 Congress Avenue", street_line_2: null, city: "Austin", state: "TX", postal_code: "78701", country: "USA" },
    });
  });

  it("requires a tier-2 customer with a banking-partner id", async () => {
    expectFieldErrors(await create(usBody({}, { customer_id: undefined })), "customer_id");
    expect(expectFieldErrors(await create(usBody({}, { customer_id: tier1Customer })), "customer_id").customer_id).toMatch(/tier 2/);
    expect(expectFieldErrors(await create(usBody({}, { customer_id: noPartnerCustomer })), "customer_id").customer_id).toMatch(/banking-partner/);
    expect(expectFieldErrors(await create(usBody({}, { customer_id: randomUUID() })), "customer_id").customer_id).toMatch(/not found/);
    expectFieldErrors(await create(usBody({}, { customer_id: "42" })), "customer_id");
  });

  it("applies the ACH and wire name rules", async () => {
    expectFieldErrors(await create(usBody({ account_owner_name: "José Pérez" })), "us_bank_account.account_owner_name");
    expectFieldErrors(await create(usBody({ account_owner_name: "   " })), "us_bank_account.account_owner_name");
    expectFieldErrors(await create(usBody({ account_owner_name: "x".repeat(257) })), "us_bank_account.account_owner_name");
    expect((await create(usBody({ account_owner_name: "Jane @ Doe!", account_number: "22334455" }))).status).toBe(201);
    expectFieldErrors(await create(usBody({ payout_scheme: "wire", account_owner_name: "Jane @ Doe!" })), "us_bank_account.account_owner_name");
    const wire = await create(usBody({ payout_scheme: "wire", account_owner_name: "O'Brien & Sons, Inc. (US)", account_number: "99887766" }));
    expect(wire.status, JSON.stringify(wire.body)).toBe(201);
  });

  it("checks the routing number checksum, the account number and the enums", async () => {
    expect(
      expectFieldErrors(await create(usBody({ routing_number: "021000022" })), "us_bank_account.routing_number")["us_bank_account.routing_number"],
    ).toMatch(/checksum/);
    expectFieldErrors(await create(usBody({ routing_number: "2100021" })), "us_bank_account.routing_number");
    expectFieldErrors(await create(usBody({ account_number: "12ab" })), "us_bank_account.account_number");
    expectFieldErrors(
      await create(usBody({ account_type: "brokerage", payout_scheme: "rtp" })),
      "us_bank_account.account_type",
      "us_bank_account.payout_scheme",
    );
    expectFieldErrors(await create(usBody({ bank_name: "" })), "us_bank_account.bank_name");
    expectFieldErrors(
      await create({ type: "US_BANK_ACCOUNT", customer_id: partnerCustomer, us_bank_account: {} }),
      "us_bank_account.account_owner_name",
      "us_bank_account.account_number",
      "us_bank_account.routing_number",
      "us_bank_account.bank_name",
      "us_bank_account.account_type",
      "us_bank_account.payout_scheme",
      "us_bank_account.address",
    );
  });

  it("validates the address: lengths, US state and ZIP, postal codes by country, street number for wires", async () => {
    const addr = (o: Json, acct: Json = {}) => create(usBody({ ...acct, address: usAddress(o) }));
    expectFieldErrors(await addr({ street_line_1: "1 A" }), "us_bank_account.address.street_line_1");
    expectFieldErrors(await addr({ street_line_1: "x".repeat(36) }), "us_bank_account.address.street_line_1");
    expectFieldErrors(await addr({ street_line_2: "y".repeat(36) }), "us_bank_account.address.street_line_2");
    expectFieldErrors(await addr({ city: "" }), "us_bank_account.address.city");
    expectFieldErrors(await addr({ state: undefined }), "us_bank_account.address.state");
    expectFieldErrors(await addr({ state: "XX" }), "us_bank_account.address.state");
    expectFieldErrors(await addr({ state: "TEXAS" }), "us_bank_account.address.state");
    expectFieldErrors(await addr({ postal_code: undefined }), "us_bank_account.address.postal_code");
    expectFieldErrors(await addr({ postal_code: "ABCDE" }), "us_bank_account.address.postal_code");
    expectFieldErrors(await addr({ country: "US" }), "us_bank_account.address.country");
    expectFieldErrors(await addr({ country: "ZZZ" }), "us_bank_account.address.country");
    expectFieldErrors(await addr({ country: "GBR", state: undefined, postal_code: undefined }), "us_bank_account.address.postal_code");
    expect((await addr({ country: "ARE", state: undefined, postal_code: undefined }, { account_number: "55443322" })).status).toBe(201);
    expect((await addr({ street_line_1: "Congress Avenue" }, { account_number: "66554433" })).status).toBe(201);
    expect(
      expectFieldErrors(await addr({ street_line_1: "Congress Avenue" }, { payout_scheme: "wire" }), "us_bank_account.address.street_line_1")[
        "us_bank_account.address.street_line_1"
      ],
    ).toMatch(/street number/);
    expectFieldErrors(await create(usBody({ address: undefined })), "us_bank_account.address");
  });
});

describe("POST /v1/recipients: SWIFT_BANK_ACCOUNT", () => {
  it("creates an individual recipient with a masked IBAN and both addresses", async () => {
    const r = await create(swiftBody());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ type: "SWIFT_BANK_ACCOUNT", first_name: "Ada", last_name: "Lovelace", us_bank_account: null });
    expect(r.body.swift_bank_account).toMatchObject({
      account_owner_name: "Ada Lovelace",
      account_owner_type: "individual",
      business_name: null,
      account_country: "GBR",
      bic: "NWBKGB2L",
      iban_last4: "5432",
      category: "supplier",
      purpose_of_funds: ["invoice_for_goods_and_services"],
      bank_address: { street_line_1: "250 Bishopsgate", country: "GBR" },
    });
    expect(r.body.swift_bank_account).not.toHaveProperty("iban");
    const again = await create(swiftBody({ iban: "GB82WEST12345698765432" }));
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(r.body.id);
  });

  it("creates a business recipient; names depend on the owner type", async () => {
    const biz = await create(
      swiftBody({
        account_owner_type: "business",
        business_name: "Lovelace Analytical Ltd",
        first_name: undefined,
        last_name: undefined,
        iban: "DE44500105175407324931",
        bic: "INGDDEFFXXX",
        account_country: "DEU",
        category: "parent_company",
        purpose_of_funds: ["intra_group_transfer", "invoice_for_goods_and_services"],
      }),
    );
    expect(biz.status, JSON.stringify(biz.body)).toBe(201);
    expect(biz.body.first_name).toBeNull();
    expectFieldErrors(await create(swiftBody({ first_name: undefined, last_name: "" })), "swift_bank_account.first_name", "swift_bank_account.last_name");
    expectFieldErrors(await create(swiftBody({ account_owner_type: "business" })), "swift_bank_account.business_name");
    expectFieldErrors(await create(swiftBody({ account_owner_type: "trust" })), "swift_bank_account.account_owner_type");
  });

  it("checks IBAN mod 97, BIC format, country, category, purposes and both addresses", async () => {
    expect(expectFieldErrors(await create(swiftBody({ iban: "GB83WEST12345698765432" })), "swift_bank_account.iban")["swift_bank_account.iban"]).toMatch(/97/);
    expectFieldErrors(await create(swiftBody({ iban: "" })), "swift_bank_account.iban");
    expectFieldErrors(await create(swiftBody({ bic: "NWBK" })), "swift_bank_account.bic");
    expectFieldErrors(await create(swiftBody({ bic: "NWBKQQ2L" })), "swift_bank_account.bic");
    expect((await create(swiftBody({ bic: undefined, iban: "FR1420041010050500013M02606", account_country: "FRA" }))).status).toBe(201);
    expectFieldErrors(await create(swiftBody({ account_country: "UK" })), "swift_bank_account.account_country");
    expectFieldErrors(await create(swiftBody({ category: "friend" })), "swift_bank_account.category");
    expectFieldErrors(await create(swiftBody({ purpose_of_funds: [] })), "swift_bank_account.purpose_of_funds");
    expectFieldErrors(await create(swiftBody({ purpose_of_funds: ["gift"] })), "swift_bank_account.purpose_of_funds[0]");
    expectFieldErrors(await create(swiftBody({ short_business_description: undefined })), "swift_bank_account.short_business_description");
    expectFieldErrors(await create(swiftBody({ bank_address: undefined })), "swift_bank_account.bank_address");
    expectFieldErrors(await create(swiftBody({ bank_address: gbAddress({ country: "GB" }) })), "swift_bank_account.bank_address.country");
    expectFieldErrors(await create(swiftBody({ address: gbAddress({ postal_code: undefined }) })), "swift_bank_account.address.postal_code");
    expectFieldErrors(await create(swiftBody({}, { customer_id: tier1Customer })), "customer_id");
  });
});

describe("recipients: idempotency, list and retrieval", () => {
  it("requires X-Idempotency-Key and a Write-scoped key", async () => {
    expectCoreError(await post(h.emu, "/v1/recipients", bankBody(), { idem: false }), 400, "IDEMPOTENCY_KEY_REQUIRED");
    expectCoreError(await post(h.emu, "/v1/recipients", bankBody(), { apiKey: h.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
  });

  it("lists with a type filter and paging; retrieval populates only the matching object", async () => {
    const all = await get(h.emu, "/v1/recipients?limit=100");
    expect(all.status).toBe(200);
    for (const t of ["BANK_ACCOUNT", "CRYPTO_ADDRESS", "US_BANK_ACCOUNT", "SWIFT_BANK_ACCOUNT"]) {
      const list = await get(h.emu, `/v1/recipients?type=${t}&limit=100`);
      expect(list.body.total).toBeGreaterThan(0);
      for (const r of list.body.data as Json[]) {
        expect(r.type).toBe(t);
        for (const key of ["bank_account", "crypto_address", "us_bank_account", "swift_bank_account"]) {
          if (key === t.toLowerCase()) expect(r[key]).not.toBeNull();
          else expect(r[key]).toBeNull();
        }
      }
    }
    const p = await get(h.emu, "/v1/recipients?limit=2&page=2");
    expect(p.body).toMatchObject({ page: 2, limit: 2, total: all.body.total, total_pages: Math.ceil(all.body.total / 2) });
    expect(p.body.data).toEqual((all.body.data as Json[]).slice(2, 4));
    expectCoreError(await get(h.emu, "/v1/recipients?type=WALLET"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/recipients/123"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, `/v1/recipients/${randomUUID()}`), 404, "NOT_FOUND");
  });
});

const TRANSFER_EVENTS = ["transfer.created", "transfer.processing", "transfer.completed", "transfer.failed", "transfer.requires_review"];

describe("transfers", () => {
  const up2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_UP);

  it("pays NGN to a bank recipient: quote at the SELL rate, debit now, COMPLETED later", async () => {
    const recipient = (await create(bankBody("0690000031"))).body;
    await awayFromRateRotation(h.emu);
    const sell = await rate(h.emu, "USD", "SELL");
    const before = await balances(h.emu);
    const r = await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "NGN", amount: "155000.00", reference: "INV-42" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const base = new Decimal("155000.00").dividedBy(sell.rate);
    const fee = up2(base.times("0.005"));
    expect(r.body).toMatchObject({
      reference: "INV-42",
      status: "PROCESSING",
      currency: "NGN",
      amount: "155000.00",
      debit_currency: "USD",
      fee: fee.toFixed(2),
      debit_amount: up2(base).plus(fee).toFixed(2),
      rate: { side: "SELL", value: sell.rate },
      recipient: { id: recipient.id, type: "BANK_ACCOUNT", bank_account: recipient.bank_account },
    });
    const mid = await balances(h.emu);
    expect(new Decimal(before.withdrawal_balance_usd).minus(mid.withdrawal_balance_usd).toFixed(2)).toBe(r.body.debit_amount);
    await h.emu.control.advance(30_000);
    const done = await get(h.emu, `/v1/transfers/${r.body.id}`);
    expect(done.body.status).toBe("COMPLETED");
    expect(done.body.completed_at).toEqual(expect.any(String));
    const events = await eventsFor(h.hooks, r.body.id, TRANSFER_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["transfer.created", "transfer.processing", "transfer.completed"]);
    expect(events[2]?.data).toEqual(done.body);
  });

  it("fails a payout to the closed test account and refunds the debit (transfer.failed)", async () => {
    const before = await balances(h.emu);
    const r = await post(h.emu, "/v1/transfers", {
      destination: { type: "BANK_ACCOUNT", bank_account: { account_number: "0690000039", bank_code: "044" } },
      currency: "NGN",
      amount: "5000.00",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.reference).toEqual(expect.any(String));
    expect(r.body.recipient.bank_account.account_name).toBe("Ifeanyi Obi");
    await h.emu.control.advance(30_000);
    const done = (await get(h.emu, `/v1/transfers/${r.body.id}`)).body;
    expect(done).toMatchObject({ status: "FAILED", failure_code: "beneficiary_account_closed" });
    expect((await balances(h.emu)).withdrawal_balance_usd).toBe(before.withdrawal_balance_usd);
    const events = await eventsFor(h.hooks, r.body.id, TRANSFER_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["transfer.created", "transfer.processing", "transfer.failed"]);
  });

  it("holds a transfer debiting more than USD 10,000 for review (transfer.requires_review)", async () => {
    const us = (await create(usBody({ account_number: "1010101010" }))).body;
    const r = await post(h.emu, "/v1/transfers", { recipient_id: us.id, currency: "USD", amount: "10000.00" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ fee: "1.00", debit_amount: "10001.00", rate: { value: "1.00" } });
    await h.emu.control.advance(30_000);
    expect((await get(h.emu, `/v1/transfers/${r.body.id}`)).body).toMatchObject({ status: "REQUIRES_REVIEW", flag_code: "amount_above_review_threshold" });
    const events = await eventsFor(h.hooks, r.body.id, TRANSFER_EVENTS, 3);
    expect(events.map((e) => e.event)).toEqual(["transfer.created", "transfer.processing", "transfer.requires_review"]);
  });

  it("prices wire, SWIFT and stablecoin transfers with their flat fees", async () => {
    const wire = (await create(usBody({ payout_scheme: "wire", account_number: "2020202020" }))).body;
    const w = await post(h.emu, "/v1/transfers", { recipient_id: wire.id, currency: "USD", amount: "100.00" });
    expect(w.body).toMatchObject({ fee: "15.00", debit_amount: "115.00" });
    const swift = (await create(swiftBody({ iban: "DE89370400440532013000", bic: "COBADEFFXXX", account_country: "DEU" }))).body;
    expect((await post(h.emu, "/v1/transfers", { recipient_id: swift.id, currency: "USD", amount: "100.00" })).body.fee).toBe("25.00");
    const crypto = (await create(cryptoBody({ asset: "USDT", chain: "CELO" }))).body;
    const c = await post(h.emu, "/v1/transfers", { recipient_id: crypto.id, currency: "USDT", amount: "50.00" });
    expect(c.body).toMatchObject({ fee: "1.00", debit_amount: "51.00", recipient: { type: "CRYPTO_ADDRESS" } });
  });

  it("400 insufficient_balance when the withdrawal balance does not cover the debit", async () => {
    const recipient = (await create(bankBody("0690000032"))).body;
    const err = expectCoreError(
      await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "NGN", amount: "999999999.00" }),
      400,
      "insufficient_balance",
    );
    expect(err.details).toMatchObject({ currency: "USD", available: expect.any(String), required: expect.any(String) });
  });

  it("validates recipient_id or destination, currency, amount, reference and on_behalf_of", async () => {
    const recipient = (await create(bankBody("0690000033"))).body;
    expectFieldErrors(await post(h.emu, "/v1/transfers", { currency: "NGN", amount: "100.00" }), "recipient_id");
    expectFieldErrors(
      await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, destination: bankBody(), currency: "NGN", amount: "100.00" }),
      "destination",
    );
    expectFieldErrors(await post(h.emu, "/v1/transfers", { recipient_id: randomUUID(), currency: "NGN", amount: "100.00" }), "recipient_id");
    expectFieldErrors(await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "USD", amount: "100.00" }), "currency");
    expectFieldErrors(await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, amount: "100.00" }), "currency");
    for (const amount of ["0", "-5", "1.001", "abc", 100, "99.99"]) {
      expectFieldErrors(await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "NGN", amount }), "amount");
    }
    expectFieldErrors(
      await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "NGN", amount: "100.00", reference: "r".repeat(65) }),
      "reference",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/transfers", { recipient_id: recipient.id, currency: "NGN", amount: "100.00", on_behalf_of: { customer_id: randomUUID() } }),
      "on_behalf_of.customer_id",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/transfers", { destination: { type: "US_BANK_ACCOUNT", us_bank_account: usAccount() }, currency: "USD", amount: "10.00" }),
      "on_behalf_of.customer_id",
    );
    expectFieldErrors(
      await post(h.emu, "/v1/transfers", { destination: bankBody("0690000030"), currency: "NGN", amount: "100.00" }),
      "destination.bank_account.account_number",
    );
  });

  it("creates the destination as a recipient for its customer (on_behalf_of), deduplicated", async () => {
    const r = await post(h.emu, "/v1/transfers", {
      destination: { type: "US_BANK_ACCOUNT", us_bank_account: usAccount({ account_number: "3030303030" }) },
      on_behalf_of: { customer_id: partnerCustomer },
      currency: "USD",
      amount: "25.00",
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.customer_id).toBe(partnerCustomer);
    const rec = (await get(h.emu, `/v1/recipients/${r.body.recipient.id}`)).body;
    expect(rec).toMatchObject({ type: "US_BANK_ACCOUNT", customer_id: partnerCustomer });
    const same = await create(usBody({ account_number: "3030303030" }));
    expect(same.status).toBe(200);
    expect(same.body.id).toBe(rec.id);
  });

  it("is idempotent, blocked for the frozen merchant and for read-only keys", async () => {
    const recipient = (await create(bankBody("0690000034"))).body;
    const body = { recipient_id: recipient.id, currency: "NGN", amount: "1000.00" };
    const key = randomUUID();
    const a = await post(h.emu, "/v1/transfers", body, { idem: key });
    const b = await post(h.emu, "/v1/transfers", body, { idem: key });
    expect(b.body.id).toBe(a.body.id);
    expectCoreError(await post(h.emu, "/v1/transfers", body, { idem: false }), 400, "IDEMPOTENCY_KEY_REQUIRED");
    expectCoreError(await post(h.emu, "/v1/transfers", body, { apiKey: h.emu.keys.frozen }), 403, "merchant_frozen");
    expectCoreError(await post(h.emu, "/v1/transfers", body, { apiKey: h.emu.keys.readonly }), 403, "API_KEY_INVALID_SCOPE");
  });

  it("lists transfers with status and recipient filters and paging; 400/404 on bad ids", async () => {
    const all = await get(h.emu, "/v1/transfers?limit=100");
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const failed = await get(h.emu, "/v1/transfers?status=FAILED");
    expect((failed.body.data as Json[]).every((t) => t.status === "FAILED")).toBe(true);
    expect(failed.body.total).toBeGreaterThanOrEqual(1);
    const someRecipient = (all.body.data as Json[])[0]?.recipient.id as string;
    const byRecipient = await get(h.emu, `/v1/transfers?recipient_id=${someRecipient}&limit=100`);
    expect((byRecipient.body.data as Json[]).every((t) => t.recipient.id === someRecipient)).toBe(true);
    expectCoreError(await get(h.emu, "/v1/transfers?status=SETTLED"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/transfers/abc"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, `/v1/transfers/${randomUUID()}`), 404, "NOT_FOUND");
  });
});
