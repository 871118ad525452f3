/**
 * Contract suite: the funding-account creation quota. The Second Merchant has a quota of 5 per
 * day; the creation that exceeds it is refused and freezes the merchant (403 merchant_frozen from
 * then on for money movement; reads still work). Its own emulator, so the freeze stays here.
 */
import { describe, expect, it } from "vitest";
import { customers, expectCoreError, get, harnessPerSuite, post } from "./test-helpers";

const h = harnessPerSuite();

describe("funding-account creation quota", () => {
  it("freezes the merchant on the creation beyond the daily quota", async () => {
    const key = h.emu.keys.second;
    const [customer] = await customers(h.emu, key);
    const body = {
      type: "PERMANENT",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer: { customer_id: customer?.id },
      settlement_destination: { type: "INTERNAL_BALANCE" },
    };
    const seeded = (await get(h.emu, "/v1/funding-accounts?limit=200", key)).body.total as number;
    // Validation failures do not use the quota.
    expect((await post(h.emu, "/v1/funding-accounts", { ...body, rail: "CARD" }, { apiKey: key })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await post(h.emu, "/v1/funding-accounts", body, { apiKey: key })).status).toBe(201);
    const err = expectCoreError(await post(h.emu, "/v1/funding-accounts", body, { apiKey: key }), 403, "merchant_frozen");
    expect(err.details).toEqual({ quota: 5, used: 5 });

    expectCoreError(await post(h.emu, "/v1/funding-accounts", body, { apiKey: key }), 403, "merchant_frozen");
    expectCoreError(await post(h.emu, "/v1/merchant/balance/transfer", { amount_usd: "1.00" }, { apiKey: key }), 403, "merchant_frozen");
    expectCoreError(
      await post(
        h.emu,
        "/v1/merchant/withdrawals",
        { amount_usd: "10.00", token: "USDT", chain: "POLYGON", destination_address: "0x4444444444444444444444444444444444444444" },
        { apiKey: key },
      ),
      403,
      "merchant_frozen",
    );
    const list = await get(h.emu, "/v1/funding-accounts?limit=200", key);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(seeded + 5);
    // The next UTC day does not lift a freeze: only support (or a sandbox reset) does.
    await h.emu.control.advance(24 * 60 * 60 * 1000);
    expectCoreError(await post(h.emu, "/v1/funding-accounts", body, { apiKey: key }), 403, "merchant_frozen");
    // Other merchants are unaffected.
    const [demoCustomer] = await customers(h.emu);
    expect((await post(h.emu, "/v1/funding-accounts", { ...body, customer: { customer_id: demoCustomer?.id } })).status).toBe(201);
  });

  it("a sandbox reset lifts the freeze and the quota starts again", async () => {
    await h.emu.control.reset();
    const key = h.emu.keys.second;
    const [customer] = await customers(h.emu, key);
    const r = await post(
      h.emu,
      "/v1/funding-accounts",
      { type: "PERMANENT", rail: "NGN_VIRTUAL_ACCOUNT", customer: { customer_id: customer?.id }, settlement_destination: { type: "INTERNAL_BALANCE" } },
      { apiKey: key },
    );
    expect(r.status).toBe(201);
  });
});
