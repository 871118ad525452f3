import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, legacyQuery, parseLegacyFilters, upstreamLegacyQuery } from "./filters";

const CUSTOMER = "3F2B8C1E-0000-4000-8000-00000000000A";

describe("parseLegacyFilters", () => {
  it("keeps the provider's payout types and statuses, page and page size", () => {
    const f = parseLegacyFilters("payouts", { type: "NGN_PAYOUT", status: "FAILED", page: "2", limit: "50" });
    expect(f).toEqual({ values: { type: "NGN_PAYOUT", status: "FAILED" }, page: 2, limit: 50, ignored: [] });
  });

  it("defaults to page 1 of the spec's 20 when nothing is given", () => {
    expect(parseLegacyFilters("onramps", {})).toEqual({ values: {}, page: 1, limit: DEFAULT_PAGE_SIZE, ignored: [] });
    expect(DEFAULT_PAGE_SIZE).toBe(20);
  });

  it("ignores values the provider would refuse, and says which and why", () => {
    const f = parseLegacyFilters("payouts", { type: "USD_PAYOUT", status: "settled", page: "0", limit: "500" });
    expect(f.values).toEqual({});
    expect(f.page).toBe(1);
    expect(f.limit).toBe(20);
    expect(f.ignored).toEqual([
      { param: "type", value: "USD_PAYOUT", reason: "Type must be one of NGN_PAYOUT, CRYPTO_PAYOUT." },
      { param: "status", value: "settled", reason: "Status must be one of PROCESSING, SETTLED, FAILED." },
      { param: "page", value: "0", reason: "The page must be a whole number from 1 to 10000." },
      { param: "limit", value: "500", reason: "The page size must be a whole number from 1 to 100." },
    ]);
  });

  it("refuses fractions, signs and words as page or size", () => {
    for (const bad of ["1.5", "-2", "two", "1e2", " 3"]) {
      const f = parseLegacyFilters("offramps", { page: bad, limit: bad });
      expect(f.page).toBe(1);
      expect(f.limit).toBe(20);
      expect(f.ignored.map((i) => i.param)).toEqual(["page", "limit"]);
    }
  });

  it("accepts any page size the provider accepts, not only the offered ones", () => {
    expect(parseLegacyFilters("onramps", { limit: "2" }).limit).toBe(2);
    expect(parseLegacyFilters("onramps", { limit: "100" }).limit).toBe(100);
  });

  it("filters onramps and offramps by status and customer id, never by a payout type", () => {
    const f = parseLegacyFilters("offramps", { status: "EXPIRED", customer: CUSTOMER, type: "NGN_PAYOUT" });
    expect(f.values).toEqual({ status: "EXPIRED", customer: CUSTOMER.toLowerCase() });
    expect(f.ignored).toEqual([]);
    const bad = parseLegacyFilters("onramps", { status: "SETTLED", customer: "amaka" });
    expect(bad.values).toEqual({});
    expect(bad.ignored.map((i) => i.param)).toEqual(["status", "customer"]);
  });

  it("takes the first of repeated parameters and skips empty ones", () => {
    const f = parseLegacyFilters("payouts", { status: ["SETTLED", "FAILED"], type: "" });
    expect(f.values).toEqual({ status: "SETTLED" });
    expect(f.ignored).toEqual([]);
  });
});

describe("legacyQuery and upstreamLegacyQuery", () => {
  it("writes only what differs from the defaults into links", () => {
    const f = parseLegacyFilters("payouts", { type: "CRYPTO_PAYOUT", limit: "20", page: "3" });
    expect(legacyQuery(f, 1)).toEqual({ type: "CRYPTO_PAYOUT" });
    expect(legacyQuery(f, 2)).toEqual({ type: "CRYPTO_PAYOUT", page: "2" });
    expect(legacyQuery({ ...f, limit: 50 }, 1)).toEqual({ type: "CRYPTO_PAYOUT", limit: "50" });
  });

  it("names the customer filter as the endpoints do and always sends page and limit", () => {
    const f = parseLegacyFilters("onramps", { customer: CUSTOMER, status: "ACTIVE", page: "2", limit: "10" });
    expect(upstreamLegacyQuery(f)).toEqual({ type: undefined, status: "ACTIVE", customer_id: CUSTOMER.toLowerCase(), page: 2, limit: 10 });
  });
});
