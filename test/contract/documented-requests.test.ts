/** The request checker itself: each rule it enforces is seen to catch a request that breaks it. */
import { describe, expect, it } from "vitest";
import { DOCUMENTED, differences } from "./documented-requests";
import type { RecordedRequest } from "./recording-proxy";

const KEY = "sk_sandbox_demo_full_0123456789";

function req(method: string, path: string, body: unknown, headers: Record<string, string> = {}): RecordedRequest {
  const text = body === undefined ? "" : JSON.stringify(body);
  return {
    method,
    path,
    body: text,
    headers: { "x-api-key": KEY, ...(text ? { "content-type": "application/json" } : {}), ...headers },
  };
}

const withdrawal = { amount_usd: "10.00", token: "USDT", chain: "POLYGON", destination_address: "0x52908400098527886E0F7030069857D2E4169EE7" };
const idem = { "x-idempotency-key": "3f9a2c1e-7b4d-4e8a-9c6f-1d2e3f4a5b61" };

describe("differences from the documented request", () => {
  it("none for a request exactly as documented", () => {
    expect(differences(req("POST", "/v1/merchant/withdrawals", withdrawal, idem), DOCUMENTED["POST /v1/merchant/withdrawals"]!)).toEqual([]);
    expect(
      differences(
        req("DELETE", "/public/v1/orders/0e1f2a3b-4c5d-4e6f-8a7b-8c9d0e1f2a41", undefined, { "x-api-key": "daya_sk_demo" }),
        DOCUMENTED["DELETE /public/v1/orders/{id}"]!,
      ),
    ).toEqual([]);
  });

  it("a missing X-Idempotency-Key where the spec requires it, or the docs' other spelling", () => {
    const doc = DOCUMENTED["POST /v1/merchant/withdrawals"]!;
    expect(differences(req("POST", "/v1/merchant/withdrawals", withdrawal), doc)).toEqual([
      "X-Idempotency-Key header missing (the spec requires it on this creating POST)",
    ]);
    expect(differences(req("POST", "/v1/merchant/withdrawals", withdrawal, { ...idem, "idempotency-key": "k" }), doc)).toEqual([
      "Idempotency-Key header sent (the spec's name is X-Idempotency-Key)",
    ]);
  });

  it("a missing or malformed API key, and a JSON body without its Content-Type", () => {
    const doc = DOCUMENTED["POST /v1/merchant/withdrawals"]!;
    const r = req("POST", "/v1/merchant/withdrawals", withdrawal, { ...idem, "x-api-key": "Bearer abc", "content-type": "text/plain" });
    expect(differences(r, doc)).toEqual([
      "X-Api-Key header missing or not a documented key form",
      "Content-Type text/plain, a JSON body needs application/json",
    ]);
  });

  it("money as a JSON number, at any depth", () => {
    const doc = DOCUMENTED["POST /v1/funding-accounts"]!;
    const body = {
      type: "TEMPORARY",
      rail: "NGN_VIRTUAL_ACCOUNT",
      customer: { customer_id: "c" },
      currency: "NGN",
      amount: 25000,
      settlement_destination: { type: "INTERNAL_BALANCE" },
    };
    expect(differences(req("POST", "/v1/funding-accounts", body, idem), doc)).toEqual([
      "amount is the JSON number 25000; the spec's convention is a decimal string",
    ]);
  });

  it("an undocumented field, top level or nested", () => {
    const doc = DOCUMENTED["POST /v1/sandbox/deposits"]!;
    expect(differences(req("POST", "/v1/sandbox/deposits", { funding_account_id: "f", scenario: "COMPLETED", amount: "75000" }), doc)).toEqual([
      "undocumented field amount",
    ]);
    const recipients = DOCUMENTED["POST /v1/recipients"]!;
    const body = { type: "BANK_ACCOUNT", bank_account: { account_number: "0690000031", bank_code: "044", nickname: "x" } };
    expect(differences(req("POST", "/v1/recipients", body, idem), recipients)).toEqual(["undocumented field bank_account.nickname"]);
  });

  it("a documented required field missing, and a field the documents forbid for this kind", () => {
    const doc = DOCUMENTED["POST /public/v1/orders"]!;
    expect(differences(req("POST", "/public/v1/orders", { symbol: "USDT-NGN", side: "buy", type: "limit", quantity: "2" }), doc)).toEqual([
      "documented required field price missing",
    ]);
    expect(differences(req("POST", "/public/v1/orders", { symbol: "USDT-NGN", side: "buy", type: "market", quantity: "2", price: "1000.00" }), doc)).toEqual([
      "field price sent where the documents do not allow it",
    ]);
  });

  it("another method or path, and a body where none is documented", () => {
    const doc = DOCUMENTED["DELETE /public/v1/orders/{id}"]!;
    expect(differences(req("POST", "/public/v1/orders/abc/cancel", {}), doc)).toEqual([
      "method POST, documented DELETE",
      "path /public/v1/orders/abc/cancel, documented /public/v1/orders/{id}",
      "a body was sent where none is documented: {}",
    ]);
  });
});
