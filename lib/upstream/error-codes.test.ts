import { describe, expect, it } from "vitest";
import { upstreamFieldErrors } from "@/lib/server-actions/safe-action";
import { moveBalanceSchema } from "@/lib/balances/move-schema";
import { placeOrderSchema as coinsOrderSchema } from "@/lib/coins/schema";
import { rejectionSentence } from "@/lib/pro/labels";
import { placeOrderSchema as proOrderSchema } from "@/lib/pro/schema";
import { REJECTION_SENTENCES, rejectionField } from "./error-codes";
import { budgetSentence, errorFromResponse, PROVIDER_DOWN, REFUSED_FIELDS, REFUSED_GENERIC, REFUSED_PREFIX, type OperationInfo } from "./errors";

const op = (surface: OperationInfo["surface"], method: OperationInfo["method"], path: string): OperationInfo => ({
  surface,
  environment: "sandbox",
  method,
  path,
});
const proOrder = op("pro", "POST", "/orders");
const coinsOrder = op("coins", "POST", "/orders");
const coreBody = (code: string, message: string) => ({ error: { code, message } });
const envBody = (code: string, message: string) => ({ success: false, message, error: { code, message }, timestamp: "2026-01-01T00:00:00Z" });

/**
 * Every error code and rejection reason the two provider documents name, with the status and the
 * operation they document it for, and the form field its sentence belongs on.
 * - upstream-api-spec.md, "Errors" → "Core surface shape": BAD_REQUEST, unauthorized, merchant_frozen, NOT_FOUND.
 * - upstream-api-spec.md, "Errors" → "Envelope surfaces (Coins, Stocks, Pro)": VALIDATION_ERROR,
 *   INSUFFICIENT_BALANCE, INVALID_ORDER, API_KEY_INVALID, API_KEY_INVALID_SCOPE, SYMBOL_NOT_FOUND,
 *   WEBHOOK_NOT_FOUND, and the limit-order reason TAKER_FEE_CAP_EXCEEDED.
 * - upstream-api-spec.md, "Authentication" 6: 403 merchant_frozen (also on the envelope surfaces).
 * - upstream-docs-notes.md, "Shapes the spec does not show": transfer validation `validation_failed`.
 * - upstream-docs-notes.md, "Pro orders": documented lowercase rejection reasons insufficient_balance,
 *   invalid_price, invalid_quantity, market_closed, rate_limit_exceeded.
 */
const DOCUMENTED: { code: string; status: number; op: OperationInfo; body: (c: string, m: string) => unknown; field: string | null }[] = [
  { code: "BAD_REQUEST", status: 400, op: op("core", "GET", "/deposits/not-a-uuid"), body: coreBody, field: null },
  { code: "unauthorized", status: 401, op: op("core", "GET", "/deposits"), body: coreBody, field: null },
  { code: "merchant_frozen", status: 403, op: op("core", "POST", "/transfers"), body: coreBody, field: null },
  { code: "NOT_FOUND", status: 404, op: op("core", "GET", "/deposits/4b1c7c1e-0000-4000-8000-000000000001"), body: coreBody, field: null },
  { code: "VALIDATION_ERROR", status: 400, op: op("pro", "PATCH", "/webhooks/abc"), body: envBody, field: "url" },
  { code: "INSUFFICIENT_BALANCE", status: 400, op: proOrder, body: envBody, field: "quantity" },
  { code: "INVALID_ORDER", status: 400, op: proOrder, body: envBody, field: null },
  { code: "API_KEY_INVALID", status: 401, op: op("pro", "GET", "/webhooks"), body: envBody, field: null },
  { code: "API_KEY_INVALID_SCOPE", status: 403, op: proOrder, body: envBody, field: null },
  { code: "SYMBOL_NOT_FOUND", status: 404, op: proOrder, body: envBody, field: "symbol" },
  { code: "WEBHOOK_NOT_FOUND", status: 404, op: op("pro", "PATCH", "/webhooks/abc"), body: envBody, field: null },
  { code: "TAKER_FEE_CAP_EXCEEDED", status: 400, op: proOrder, body: envBody, field: "max_taker_fee" },
  { code: "validation_failed", status: 400, op: op("core", "POST", "/transfers"), body: coreBody, field: null },
  { code: "insufficient_balance", status: 400, op: proOrder, body: envBody, field: "quantity" },
  { code: "invalid_price", status: 400, op: proOrder, body: envBody, field: "price" },
  { code: "invalid_quantity", status: 400, op: proOrder, body: envBody, field: "quantity" },
  { code: "market_closed", status: 400, op: proOrder, body: envBody, field: null },
  { code: "rate_limit_exceeded", status: 400, op: proOrder, body: envBody, field: null },
];

/** The lowercase reasons a rejected Pro order can carry (upstream-docs-notes.md "Pro orders", plus the spec's fee cap). */
const REJECTION_REASONS = ["TAKER_FEE_CAP_EXCEEDED", "insufficient_balance", "invalid_price", "invalid_quantity", "market_closed", "rate_limit_exceeded"];

const GENERIC_404 = /^The provider has no such record in sandbox\. .+ It may have been removed or belong to the other environment\.$/;

describe("every documented error code has its own sentence", () => {
  it.each(DOCUMENTED)("$code ($status)", ({ code, status, op: o, body, field }) => {
    // A message of the kind the provider writes; the sentence must not depend on it to make sense.
    const e = errorFromResponse({ op: o, status, body: body(code, "Request could not be processed: URL must be HTTPS"), requestId: null });
    expect(e.code).toBe(code);
    expect(e.userMessage).not.toBe(REFUSED_GENERIC);
    expect(e.userMessage).not.toBe(REFUSED_FIELDS);
    expect(e.userMessage.startsWith(REFUSED_PREFIX)).toBe(false);
    expect(e.userMessage).not.toBe(PROVIDER_DOWN);
    expect(e.userMessage).not.toMatch(GENERIC_404);
    // A sentence a person can act on: it ends, and it never shows the raw code as its only content.
    expect(e.userMessage).toMatch(/\.$/);
    expect(e.userMessage.length).toBeGreaterThan(40);
    if (field) expect(e.fieldErrors[field]).toBe(e.userMessage);
    else expect(Object.values(e.fieldErrors)).not.toContain(e.userMessage);
  });

  it("gives the codes of one status different sentences (no shared fallback)", () => {
    const at400 = DOCUMENTED.filter((d) => d.status === 400 && d.op === proOrder).map(
      (d) => errorFromResponse({ op: d.op, status: 400, body: d.body(d.code, ""), requestId: null }).userMessage,
    );
    // insufficient_balance and INSUFFICIENT_BALANCE are one condition in two spellings.
    expect(new Set(at400).size).toBe(at400.length - 1);
  });

  it("a missing trading pair is never explained as the other environment, on any surface or wording", () => {
    for (const o of [proOrder, op("pro", "GET", "/orders"), coinsOrder, op("coins", "GET", "/markets"), op("stocks", "GET", "/assets/ZZZZ")]) {
      const e = errorFromResponse({ op: o, status: 404, body: envBody("SYMBOL_NOT_FOUND", "Trading pair BTC-NGN does not exist."), requestId: null });
      expect(e.kind).toBe("not_found");
      expect(e.userMessage).not.toMatch(/environment/i);
    }
    // The Coins surface's own wording for a missing market, under a code no document names.
    const coins = errorFromResponse({ op: coinsOrder, status: 404, body: envBody("MARKET_NOT_FOUND", "Market not found"), requestId: null });
    expect(coins.userMessage).toBe("The provider does not offer this trading pair. The provider said: Market not found. Choose a pair from the list.");
  });

  it("a 429 rate_limit_exceeded keeps the wait the provider asked for", () => {
    const e = errorFromResponse({ op: proOrder, status: 429, body: envBody("rate_limit_exceeded", "slow down"), requestId: null, retryAfterHeader: "12" });
    expect(e.userMessage).toBe(budgetSentence(12));
  });

  it("a rejected Pro order's reason gets the same sentence as the refusal, never the raw fallback", () => {
    for (const reason of REJECTION_REASONS) {
      expect(rejectionSentence(reason)).toBe(REJECTION_SENTENCES[reason]);
      expect(rejectionSentence(reason)).not.toMatch(/gave the reason/);
    }
    expect(rejectionField("invalid_price")).toBe("price");
    expect(rejectionField("invalid_quantity")).toBe("quantity");
    expect(rejectionField("insufficient_balance")).toBe("quantity");
    expect(rejectionField("TAKER_FEE_CAP_EXCEEDED")).toBe("max_taker_fee");
    expect(rejectionField("market_closed")).toBeNull();
    expect(rejectionField("something_new")).toBeNull();
  });
});

describe("the sentence reaches the form field it belongs to", () => {
  const refuse = (o: OperationInfo, code: string, message = "") =>
    errorFromResponse({ op: o, status: code.endsWith("NOT_FOUND") ? 404 : 400, body: envBody(code, message), requestId: null });

  it.each([
    ["invalid_quantity", "quantity"],
    ["invalid_price", "price"],
    ["INSUFFICIENT_BALANCE", "quantity"],
    ["SYMBOL_NOT_FOUND", "symbol"],
  ])("Pro ticket: %s sits on %s and is the form's sentence", (code, field) => {
    const e = refuse(proOrder, code);
    const r = upstreamFieldErrors(e, proOrderSchema);
    expect(r.fieldErrors).toEqual({ [field]: e.userMessage });
    expect(r.error).toBe(e.userMessage);
  });

  it("Coins order: a missing pair sits on the market, a low balance on the amount", () => {
    const rename = { base_asset: "market", quote_asset: "market" };
    const pair = refuse(coinsOrder, "SYMBOL_NOT_FOUND", "No market DOGE/NGN.");
    expect(upstreamFieldErrors(pair, coinsOrderSchema, rename).fieldErrors).toEqual({ market: pair.userMessage });
    const low = refuse(coinsOrder, "INSUFFICIENT_BALANCE");
    expect(upstreamFieldErrors(low, coinsOrderSchema, rename).fieldErrors).toEqual({ amount: low.userMessage });
  });

  it("balance move: the core insufficient_balance sits on the amount", () => {
    const e = errorFromResponse({
      op: op("core", "POST", "/merchant/balance/transfer"),
      status: 400,
      body: coreBody("insufficient_balance", "too low"),
      requestId: null,
    });
    expect(upstreamFieldErrors(e, moveBalanceSchema, { amount_usd: "amount" })).toEqual({ error: e.userMessage, fieldErrors: { amount: e.userMessage } });
  });

  it("a field the form lacks does not repeat the sentence", () => {
    const e = refuse(proOrder, "invalid_price");
    expect(upstreamFieldErrors(e, moveBalanceSchema)).toEqual({ error: e.userMessage });
  });

  it("the provider's own field errors win over the code's field", () => {
    const e = errorFromResponse({
      op: proOrder,
      status: 400,
      body: {
        success: false,
        message: "bad",
        error: { code: "invalid_quantity", message: "bad", fields: { quantity: "must be at most 1000000" } },
        timestamp: "t",
      },
      requestId: null,
    });
    expect(e.fieldErrors).toEqual({ quantity: "must be at most 1000000" });
    expect(e.kind).toBe("validation");
  });
});
