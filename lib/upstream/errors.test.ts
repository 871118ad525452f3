import { describe, expect, it } from "vitest";
import { FROZEN, PROVIDER_DOWN, UpstreamError, errorFromResponse, noKeyError, scopeFor, transportError, type OperationInfo } from "./errors";

const core = (method: OperationInfo["method"] = "GET", path = "/deposits"): OperationInfo => ({ surface: "core", environment: "sandbox", method, path });
const pro = (method: OperationInfo["method"] = "GET", path = "/orders"): OperationInfo => ({ surface: "pro", environment: "sandbox", method, path });
const coreBody = (code: string, message: string, details?: unknown) => ({ error: { code, message, details, request_id: "req_core_1" } });
const envBody = (code: string, message: string, fields?: Record<string, string>, details?: unknown) => ({
  success: false,
  message,
  error: { code, message, details, fields },
  timestamp: "2026-01-01T00:00:00Z",
});
const map = (op: OperationInfo, status: number, body: unknown, retryAfterHeader?: string) =>
  errorFromResponse({ op, status, body, requestId: "ours-1", retryAfterHeader: retryAfterHeader ?? null });

describe("error mapping, core shape", () => {
  it("400 BAD_REQUEST with query field errors keeps the fields and the provider's request id", () => {
    const e = map(core(), 400, coreBody("BAD_REQUEST", "Invalid query parameters.", { fields: { limit: "must be at most 100" } }));
    expect(e).toMatchObject({
      kind: "validation",
      status: 400,
      code: "BAD_REQUEST",
      requestId: "req_core_1",
      fieldErrors: { limit: "must be at most 100" },
      retryable: false,
    });
    expect(e.userMessage).toBe("The provider refused some fields. Correct them and submit again.");
  });

  it("400 BAD_REQUEST without fields says the id or filter is not in a form the provider accepts", () => {
    const e = map(core("GET", "/deposits/nope"), 400, coreBody("BAD_REQUEST", "Invalid UUID."));
    expect(e.userMessage).toBe(
      "The provider could not read this request: an id or a filter in it is not in a form it accepts. The provider said: Invalid UUID. Check the link, or clear the filters, and try again.",
    );
  });

  it("400 validation_failed puts each field error on its (dotted) field", () => {
    const e = map(
      core("POST", "/transfers"),
      400,
      coreBody("validation_failed", "Validation failed: amount, destination.bank_account.account_number.", {
        fields: { amount: "must be at least 100.00", "destination.bank_account.account_number": "is required" },
      }),
    );
    expect(e.kind).toBe("validation");
    expect(e.fieldErrors).toEqual({ amount: "must be at least 100.00", "destination.bank_account.account_number": "is required" });
  });

  it("400 insufficient_balance says what to do, keeps the provider's figures and sits on the amount", () => {
    const e = map(
      core("POST", "/merchant/balance/transfer"),
      400,
      coreBody("insufficient_balance", "The collection balance (USD 10.00) is lower than USD 50.00"),
    );
    expect(e.kind).toBe("refused");
    const sentence =
      "The balance is too low for this amount. The provider said: The collection balance (USD 10.00) is lower than USD 50.00. Lower the amount, or move money into this balance first.";
    expect(e.userMessage).toBe(sentence);
    expect(e.fieldErrors).toEqual({ amount_usd: sentence });
  });

  it("400 with a code no document names passes the provider's business reason on as a sentence", () => {
    const e = map(core("POST", "/merchant/balance/transfer"), 400, coreBody("limit_reached", "Daily transfer limit reached"));
    expect(e.kind).toBe("refused");
    expect(e.userMessage).toBe("The provider refused this: Daily transfer limit reached.");
  });

  it("401 unauthorized says the key is wrong or revoked and where to fix it", () => {
    const e = map(core(), 401, coreBody("unauthorized", "Invalid or revoked API key."));
    expect(e.kind).toBe("unauthorized");
    expect(e.userMessage).toBe(
      "The provider refused the API key for the payments API in sandbox: it is wrong or has been revoked. An admin can replace it under Settings → API keys.",
    );
  });

  it("403 merchant_frozen says what is blocked", () => {
    const e = map(core("POST", "/transfers"), 403, coreBody("merchant_frozen", "frozen"));
    expect(e.kind).toBe("frozen");
    expect(e.userMessage).toBe(FROZEN);
  });

  it("403 API_KEY_INVALID_SCOPE names the scope the provider declared", () => {
    const e = map(core("GET"), 403, coreBody("API_KEY_INVALID_SCOPE", "lacks Read", { required_scope: "Read" }));
    expect(e).toMatchObject({ kind: "missing_scope", missingScope: "Read" });
    expect(e.userMessage).toContain("lacks the Read scope needed to see this");
  });

  it("404 NOT_FOUND", () => {
    const e = map(core("GET", "/deposits/x"), 404, coreBody("NOT_FOUND", "deposit not found"));
    expect(e.kind).toBe("not_found");
    expect(e.userMessage).toBe("The provider has no such record in sandbox. It may have been removed or belong to the other environment.");
  });

  it("409 idempotency conflicts: reused key and request in progress", () => {
    const reused = map(core("POST", "/transfers"), 409, coreBody("IDEMPOTENCY_KEY_REUSED", "reused"));
    expect(reused).toMatchObject({ kind: "conflict", retryable: false });
    expect(reused.userMessage).toMatch(/Reload the form/);
    const busy = map(core("POST", "/transfers"), 409, coreBody("IDEMPOTENCY_REQUEST_IN_PROGRESS", "busy"));
    expect(busy).toMatchObject({ kind: "in_progress", retryable: true, outcome: "unknown" });
  });

  it("429 honours Retry-After and never shows a raw 429", () => {
    const e = map(
      core(),
      429,
      coreBody("rate_limited", "Rate limit exceeded: 100 requests per minute per API key. Retry after 42 s.", { retry_after_seconds: 42 }),
      "42",
    );
    expect(e).toMatchObject({ kind: "rate_limited", retryAfterSeconds: 42, retryable: true });
    expect(e.userMessage).toBe("The provider's request limit for this key is reached. Try again in 42 seconds.");
    expect(e.userMessage).not.toMatch(/429|Rate limit exceeded/);
  });

  it.each([500, 502, 503, 504])("%i is the provider being down, retryable", (status) => {
    const e = map(core(), status, coreBody("internal_error", "boom"));
    expect(e).toMatchObject({ kind: "unavailable", retryable: true });
    expect(e.userMessage).toBe(PROVIDER_DOWN);
  });

  it("a non-JSON error body still maps by status, with our request id", () => {
    const e = map(core(), 502, null);
    expect(e).toMatchObject({ kind: "unavailable", code: "http_502", requestId: "ours-1" });
  });
});

describe("error mapping, envelope shape", () => {
  it("400 VALIDATION_ERROR with error.fields", () => {
    const e = map(pro("PATCH", "/webhooks/1"), 400, envBody("VALIDATION_ERROR", "Validation failed: url.", { url: "url must be HTTPS" }));
    expect(e).toMatchObject({ kind: "validation", fieldErrors: { url: "url must be HTTPS" }, requestId: "ours-1" });
  });

  it.each([
    ["INSUFFICIENT_BALANCE", "Insufficient NGN balance: available 10.00, required 50.00."],
    ["INVALID_ORDER", "price is required for limit orders"],
  ])("400 %s passes the reason on", (code, message) => {
    const e = map(pro("POST", "/orders"), 400, envBody(code, message));
    expect(e.kind).toBe("refused");
    expect(e.userMessage).toContain(message.replace(/\.$/, ""));
  });

  it("401 API_KEY_INVALID names the surface and environment", () => {
    const e = map({ ...pro(), environment: "production" }, 401, envBody("API_KEY_INVALID", "Invalid or revoked API key."));
    expect(e.userMessage).toBe(
      "The provider refused the API key for Pro in production: it is wrong or has been revoked. An admin can replace it under Settings → API keys.",
    );
  });

  it.each([
    [pro("POST", "/orders"), "Trade", "place, change or cancel orders"],
    [pro("DELETE", "/orders/abc"), "Trade", "place, change or cancel orders"],
    [pro("PATCH", "/webhooks/abc"), "Write", "make this change"],
    [pro("GET", "/webhooks"), "Write", "make this change"],
    [pro("GET", "/withdrawals/onchain/options"), "Read", "see this"],
    [{ surface: "coins", environment: "sandbox", method: "POST", path: "/crypto-withdrawals" } as OperationInfo, "Write", "make this change"],
    [{ surface: "coins", environment: "sandbox", method: "POST", path: "/orders" } as OperationInfo, "Trade", "place, change or cancel orders"],
  ])("403 API_KEY_INVALID_SCOPE without details derives the scope from the operation (%#)", (op, scope, what) => {
    const e = map(op, 403, envBody("API_KEY_INVALID_SCOPE", "missing scope"));
    expect(e.missingScope).toBe(scope);
    expect(e.userMessage).toContain(`lacks the ${scope} scope needed to ${what}`);
  });

  it("403 merchant_frozen in the envelope shape", () => {
    expect(map(pro("POST", "/orders"), 403, envBody("merchant_frozen", "frozen")).userMessage).toBe(FROZEN);
  });

  it("404 SYMBOL_NOT_FOUND includes the provider's reason and never blames the environment", () => {
    const e = map(pro("GET", "/orders"), 404, envBody("SYMBOL_NOT_FOUND", "Trading pair BTC-NGN does not exist."));
    expect(e.kind).toBe("not_found");
    expect(e.userMessage).toBe(
      "The provider does not offer this trading pair. The provider said: Trading pair BTC-NGN does not exist. Choose a pair from the list.",
    );
    expect(e.userMessage).not.toMatch(/environment/);
  });

  it("404 WEBHOOK_NOT_FOUND says to reload the webhooks", () => {
    const e = map(pro("PATCH", "/webhooks/abc"), 404, envBody("WEBHOOK_NOT_FOUND", "No webhook with that id."));
    expect(e.kind).toBe("not_found");
    expect(e.userMessage).toBe("The provider has no webhook with this id: it may have been deleted. Reload the list of webhooks.");
  });

  it("429 RATE_LIMIT_EXCEEDED falls back to details.retry_after_seconds", () => {
    const e = map(pro(), 429, envBody("RATE_LIMIT_EXCEEDED", "Rate limit", undefined, { retry_after_seconds: 1 }));
    expect(e.userMessage).toBe("The provider's request limit for this key is reached. Try again in 1 second.");
  });

  it.each([500, 503])("%i (e.g. wallet service unavailable) is retryable and says try later", (status) => {
    const e = map(pro("GET", "/withdrawals/onchain/options"), status, envBody("SERVICE_UNAVAILABLE", "Wallet service temporarily unavailable."));
    expect(e).toMatchObject({ kind: "unavailable", retryable: true });
    expect(e.userMessage).toBe(PROVIDER_DOWN);
  });
});

describe("our own failures", () => {
  it("no key", () => {
    expect(noKeyError("pro", "production").userMessage).toBe("No API key is set for Pro in production. An admin can add one under Settings → API keys.");
  });

  it("a write that timed out says its outcome is unknown and that resubmitting is safe", () => {
    const e = transportError("core", "TIMEOUT", "no answer", "r1", true).withOutcome("unknown", true);
    expect(e.userMessage).toMatch(/outcome is unknown/);
    expect(e.userMessage).toMatch(/cannot be carried out twice/);
  });

  it("a write that never left says nothing was sent", () => {
    const e = transportError("core", "NETWORK", "refused", null, false).withOutcome("not_sent", true);
    expect(e.userMessage).toBe("The provider is not answering right now, and nothing was sent. Try again in a minute.");
  });

  it("toLog carries no user data beyond field names", () => {
    const e = map(
      core("POST", "/recipients"),
      400,
      coreBody("validation_failed", "bad", { fields: { "bank_account.account_number": "0123456789 is invalid" } }),
    );
    expect(JSON.stringify(e.toLog())).not.toContain("0123456789");
    expect(e).toBeInstanceOf(UpstreamError);
  });

  it("scopeFor follows the spec's table", () => {
    expect(scopeFor({ surface: "core", method: "POST", path: "/transfers" })).toBe("Write");
    expect(scopeFor({ surface: "stocks", method: "GET", path: "/prices" })).toBe("Read");
  });
});
