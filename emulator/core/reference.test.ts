/**
 * Contract suite: banks, bank resolution, customers, rates, authentication and scopes, id and
 * query errors, over HTTP against the real emulator.
 */
import { describe, expect, it } from "vitest";
import { awayFromRateRotation, call, customers, expectCoreError, expectFieldErrors, get, harnessPerSuite, post } from "./test-helpers";

const h = harnessPerSuite();

describe("GET /v1/banks", () => {
  it("lists Nigerian banks with CBN codes, Access Bank 044 among them", async () => {
    const r = await get(h.emu, "/v1/banks");
    expect(r.status).toBe(200);
    const banks = r.body.data as { code: string; name: string }[];
    expect(banks.length).toBeGreaterThanOrEqual(20);
    expect(banks).toContainEqual({ code: "044", name: "Access Bank" });
    expect(banks).toContainEqual({ code: "058", name: "Guaranty Trust Bank" });
    for (const b of banks) expect(b.code).toMatch(/^\d{3}$/);
  });

  it("rejects a missing or unknown key with 401 unauthorized in the core shape", async () => {
    expectCoreError(await call(h.emu, "GET", "/v1/banks", { apiKey: null }), 401, "unauthorized");
    expectCoreError(await call(h.emu, "GET", "/v1/banks", { apiKey: "sk_sandbox_nope" }), 401, "unauthorized");
  });

  it("refuses reads to a key without the Read scope (403 API_KEY_INVALID_SCOPE, core shape)", async () => {
    const err = expectCoreError(await get(h.emu, "/v1/banks", h.emu.keys.noread), 403, "API_KEY_INVALID_SCOPE");
    expect(err.details.required_scope).toBe("Read");
  });
});

describe("POST /v1/banks/resolve", () => {
  it("resolves the sandbox test series to stable names", async () => {
    const names = new Set<string>();
    for (let n = 1; n <= 9; n++) {
      const r = await post(h.emu, "/v1/banks/resolve", { account_number: `069000003${n}`, bank_code: "044" });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ account_number: `069000003${n}`, bank_code: "044", bank_name: "Access Bank" });
      names.add(r.body.account_name);
    }
    expect(names.size).toBe(9);
    const again = await post(h.emu, "/v1/banks/resolve", { account_number: "0690000031", bank_code: "044" });
    expect(again.body.account_name).toBe("Adaeze Okonkwo");
  });

  it("404 account_not_found outside the series, 400 for a malformed number or unknown bank", async () => {
    expectCoreError(await post(h.emu, "/v1/banks/resolve", { account_number: "0690000030", bank_code: "044" }), 404, "account_not_found");
    expectCoreError(await post(h.emu, "/v1/banks/resolve", { account_number: "0690000031", bank_code: "058" }), 404, "account_not_found");
    const bad = expectCoreError(await post(h.emu, "/v1/banks/resolve", { account_number: "12345", bank_code: "044" }), 400, "invalid_account_number");
    expect(bad.details.fields).toHaveProperty("account_number");
    expectCoreError(await post(h.emu, "/v1/banks/resolve", { account_number: "0690000031", bank_code: "999" }), 400, "invalid_bank_code");
    expectFieldErrors(await post(h.emu, "/v1/banks/resolve", {}), "account_number", "bank_code");
    expectCoreError(await call(h.emu, "POST", "/v1/banks/resolve", { raw: "not json" }), 400, "BAD_REQUEST");
  });

  it("is allowed to a read-only key", async () => {
    const r = await post(h.emu, "/v1/banks/resolve", { account_number: "0690000032", bank_code: "044" }, { apiKey: h.emu.keys.readonly });
    expect(r.status).toBe(200);
  });
});

describe("customers", () => {
  it("lists the seeded customers with every field, paginated", async () => {
    const r = await get(h.emu, "/v1/customers");
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ page: 1, limit: 20, total: 12, total_pages: 1 });
    const all = r.body.data as Record<string, unknown>[];
    for (const c of all) {
      expect(Object.keys(c).sort()).toEqual(["banking_partner_id", "created_at", "email", "first_name", "id", "kyc_tier", "last_name"]);
    }
    expect(all.some((c) => c.kyc_tier === 2 && c.banking_partner_id !== null)).toBe(true);
    expect(all.some((c) => c.kyc_tier === 2 && c.banking_partner_id === null)).toBe(true);
    expect(all.some((c) => c.kyc_tier === 1)).toBe(true);
    const page2 = await get(h.emu, "/v1/customers?limit=5&page=3");
    expect(page2.body).toMatchObject({ page: 3, limit: 5, total: 12, total_pages: 3 });
    expect(page2.body.data).toHaveLength(2);
    const tier1 = await get(h.emu, "/v1/customers?kyc_tier=1");
    expect((tier1.body.data as { kyc_tier: number }[]).every((c) => c.kyc_tier === 1)).toBe(true);
  });

  it("retrieves one customer; 400 on a bad id, 404 on an unknown one", async () => {
    const [first] = await customers(h.emu);
    const r = await get(h.emu, `/v1/customers/${first?.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual(first);
    expectCoreError(await get(h.emu, "/v1/customers/not-a-uuid"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/customers/00000000-0000-4000-8000-000000000000"), 404, "NOT_FOUND");
  });

  it("keeps merchants apart: another merchant's customer is not found", async () => {
    const [demoCustomer] = await customers(h.emu);
    expectCoreError(await get(h.emu, `/v1/customers/${demoCustomer?.id}`, h.emu.keys.second), 404, "NOT_FOUND");
  });

  it("rejects invalid paging with 400 BAD_REQUEST naming the parameter", async () => {
    for (const q of ["limit=0", "limit=101", "limit=abc", "page=0", "page=-1"]) {
      const err = expectCoreError(await get(h.emu, `/v1/customers?${q}`), 400, "BAD_REQUEST");
      expect(Object.keys(err.details.fields)).toContain(q.split("=")[0]);
    }
  });
});

describe("GET /v1/rates", () => {
  it("returns a rate with every field; BUY above SELL; inverse consistent", async () => {
    const buy = await get(h.emu, "/v1/rates?from=NGN&to=USD&side=BUY");
    const sell = await get(h.emu, "/v1/rates?from=NGN&to=USD&side=SELL");
    expect(buy.status).toBe(200);
    expect(Object.keys(buy.body).sort()).toEqual(
      ["created_at", "expires_at", "fee_bps", "from", "inverse_rate", "min_deposit_ngn", "rate", "rate_id", "side", "to"].sort(),
    );
    expect(buy.body).toMatchObject({ from: "NGN", to: "USD", side: "BUY", fee_bps: 50, min_deposit_ngn: "1000.00" });
    expect(buy.body.rate).toMatch(/^\d+\.\d{2}$/);
    expect(Number(buy.body.rate)).toBeGreaterThan(Number(sell.body.rate));
    expect(Date.parse(buy.body.expires_at) - Date.parse(buy.body.created_at)).toBe(30 * 60 * 1000);
    const product = Number(buy.body.rate) * Number(buy.body.inverse_rate);
    expect(Math.abs(product - 1)).toBeLessThan(1e-6);
  });

  it("keeps the same rate within 10 minutes and publishes a new one after", async () => {
    await awayFromRateRotation(h.emu);
    const a = await get(h.emu, "/v1/rates?from=NGN&to=USDT&side=SELL");
    const b = await get(h.emu, "/v1/rates?from=NGN&to=USDT&side=SELL");
    expect(b.body.rate_id).toBe(a.body.rate_id);
    await h.emu.control.advance(10 * 60 * 1000);
    const c = await get(h.emu, "/v1/rates?from=NGN&to=USDT&side=SELL");
    expect(c.body.rate_id).not.toBe(a.body.rate_id);
    expect(Date.parse(c.body.created_at) - Date.parse(a.body.created_at)).toBe(10 * 60 * 1000);
  });

  it("400 BAD_REQUEST for a missing or unsupported from, to or side", async () => {
    const err = expectCoreError(await get(h.emu, "/v1/rates"), 400, "BAD_REQUEST");
    expect(Object.keys(err.details.fields).sort()).toEqual(["from", "side", "to"]);
    expectCoreError(await get(h.emu, "/v1/rates?from=USD&to=USDC&side=BUY"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/rates?from=NGN&to=EUR&side=BUY"), 400, "BAD_REQUEST");
    expectCoreError(await get(h.emu, "/v1/rates?from=NGN&to=USDC&side=HOLD"), 400, "BAD_REQUEST");
  });
});
