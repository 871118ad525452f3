import { describe, expect, it } from "vitest";
import { buildSearch, escapeLike, matchedValue, normalizeQuery, trigramPieces } from "./search";
import { readableKinds, SEARCH_KIND_NAMES, SEARCH_KINDS, type SearchKind, searchKind } from "./search-kinds";

const scope = { organizationId: "00000000-0000-4000-8000-000000000001", environment: "sandbox" as const };

describe("search query building", () => {
  it("normalizes the query: trimmed, one space between words, lower-cased, at most 100 characters", () => {
    expect(normalizeQuery("  Ada \t  LOVELACE ")).toBe("ada lovelace");
    expect(normalizeQuery("x".repeat(150))).toHaveLength(100);
    expect(normalizeQuery("   ")).toBe("");
  });

  it("escapes LIKE's wildcards and its escape character, so they match only themselves", () => {
    expect(escapeLike("dep_1")).toBe("dep\\_1");
    expect(escapeLike("100%")).toBe("100\\%");
    expect(escapeLike("a\\b")).toBe("a\\\\b");
    expect(escapeLike("0xabc")).toBe("0xabc");
  });

  it("three characters or more: up to four trigram pieces for the index, the whole query checked with strpos", () => {
    const { sql, params } = buildSearch(scope, "ref_5%abc", ["deposit", "transfer"], 5);
    expect(sql).toContain("search_text LIKE $6 AND search_text LIKE $7 AND strpos(search_text, $5::text) > 0");
    expect(sql).not.toContain("lower(provider_id) LIKE");
    expect(params).toEqual([scope.organizationId, "sandbox", ["deposit", "transfer"], 5, "ref_5%abc", "%ref%", "%abc%"]);
  });

  it("picks pieces from runs of letters and digits only, spread from the first to the last", () => {
    expect(trigramPieces("ab")).toEqual([]);
    expect(trigramPieces("a-b_c d")).toEqual([]);
    expect(trigramPieces("lovelace")).toEqual(["lov", "ela", "ace"]);
    expect(trigramPieces("28dd4154-1874-ed11-ac39-f3e3707bf3ed")).toEqual(["28d", "874", "c39", "3ed"]);
    expect(trigramPieces("adébáyọ")).toEqual(["adé", "báy", "áyọ"]);
  });

  it("no run of three letters or digits: ids by prefix, wildcards escaped", () => {
    const { sql, params } = buildSearch(scope, "a_b", ["deposit"], 5);
    expect(sql).toContain("lower(provider_id) LIKE $6");
    expect(sql).not.toContain("search_text LIKE");
    expect(params.slice(4)).toEqual(["a_b", "a\\_b%"]);
  });

  it("scopes every statement by organization, environment and kind, with the values passed as parameters", () => {
    const { sql } = buildSearch(scope, "'; drop table synced_objects; --", ["deposit"], 5);
    expect(sql).toContain("search_text LIKE $6");
    expect(sql).toContain('organization_id = $1::uuid AND environment = $2::"Environment" AND kind = ANY($3::text[])');
    expect(sql).not.toContain("drop table");
  });

  it("shorter than three characters: ids by prefix only (a trigram needs three)", () => {
    const { sql, params } = buildSearch(scope, "a_", ["deposit"], 5);
    expect(sql).toContain("lower(provider_id) LIKE $6");
    expect(sql).not.toContain("search_text LIKE");
    expect(params[5]).toBe("a\\_%");
  });

  it("shows the word that matched unless it is the id itself; a query of several words as typed", () => {
    expect(matchedValue("dep_1 fa_9 0xabcdef", "abcd", "dep_1")).toBe("0xabcdef");
    expect(matchedValue("dep_1 fa_9", "dep_", "DEP_1")).toBeNull();
    expect(matchedValue("rcp_1 ada lovelace 0123456789", "ada love", "rcp_1")).toBe("ada love");
    expect(matchedValue("rcp_1", "zzz", "rcp_1")).toBeNull();
  });

  it("links each kind to its page, the id encoded", () => {
    expect(searchKind("deposit")?.href("dep 1/x")).toBe("/deposits/dep%201%2Fx");
    expect(searchKind("funding_account")?.href("fa_1")).toBe("/funding-accounts/fa_1");
    expect(searchKind("payout")?.href("po_1")).toBe("/legacy/payouts/po_1");
    expect(searchKind("nonsense")).toBeUndefined();
    expect(searchKind("pro_order")?.href("8c0f")).toBe("/pro/orders/8c0f");
    expect(searchKind("coins_order")?.href("c1")).toBe("/coins/orders/c1");
    expect(searchKind("coins_crypto_withdrawal")?.href("w1")).toBe("/coins/withdrawals/crypto/w1");
    expect(searchKind("coins_fiat_withdrawal")?.href("w2")).toBe("/coins/withdrawals/fiat/w2");
    expect(searchKind("coins_transaction")?.href("tx1")).toBe("/coins/transactions");
    expect(new Set(SEARCH_KINDS.map((k) => k.heading)).size).toBe(SEARCH_KINDS.length);
  });

  it("opens a Pro trade on its order's page, or the orders list when the trade names no order", () => {
    expect(searchKind("pro_trade")?.href("t1", { order_id: "ord 1" })).toBe("/pro/orders/ord%201");
    expect(searchKind("pro_trade")?.href("t1", { order_id: "" })).toBe("/pro/orders");
    expect(searchKind("pro_trade")?.href("t1")).toBe("/pro/orders");
  });

  it("gives a role only the kinds whose permission it has, and only the one asked for", () => {
    for (const role of ["viewer", "operator", "approver", "admin"]) expect(readableKinds(role)).toEqual(SEARCH_KIND_NAMES);
    expect(readableKinds("viewer", "transfer")).toEqual(["transfer"]);
    expect(readableKinds("nobody")).toEqual([]);
    const kinds: SearchKind[] = [
      { kind: "deposit", heading: "Deposits", href: (id) => `/deposits/${id}`, permission: "data:read" },
      { kind: "audit_entry", heading: "Audit entries", href: () => "/settings/audit", permission: "audit:read" },
    ];
    expect(readableKinds("viewer", undefined, kinds)).toEqual(["deposit"]);
    expect(readableKinds("admin", undefined, kinds)).toEqual(["deposit", "audit_entry"]);
    expect(readableKinds("viewer", "audit_entry", kinds)).toEqual([]);
  });
});
