import { describe, expect, it } from "vitest";
import { DEPOSIT_STATUS_FILTERS, loadDepositFilters, upstreamDepositQuery } from "./deposit-filters";
import { explorerTxUrl } from "./explorer";
import { explainFlag } from "./flags";
import { backoffSeconds, signBody } from "./outbound";

describe("flag explanations", () => {
  it("explains the known codes in plain words and shows unknown ones raw", () => {
    expect(explainFlag("late_deposit")).toMatch(/^Late deposit: .*after the receive instruction had expired/);
    expect(explainFlag("rate_expired")).toMatch(/^Expired rate/);
    expect(explainFlag("temporary_account_reused")).toMatch(/^Reused temporary account/);
    expect(explainFlag("amount_mismatch")).toMatch(/^Amount mismatch/);
    expect(explainFlag("velocity_check", "Too many deposits")).toBe(
      'Flag "velocity_check": Too many deposits (not a code this app knows; read the provider\'s message).',
    );
    expect(explainFlag(null, "Checked by hand")).toBe("Flagged: Checked by hand");
  });
});

describe("explorer links", () => {
  it.each([
    ["ETHEREUM", "https://etherscan.io/tx/0xabc"],
    ["BASE", "https://basescan.org/tx/0xabc"],
    ["POLYGON", "https://polygonscan.com/tx/0xabc"],
    ["ARBITRUM", "https://arbiscan.io/tx/0xabc"],
    ["OPTIMISM", "https://optimistic.etherscan.io/tx/0xabc"],
    ["CELO", "https://celoscan.io/tx/0xabc"],
    ["TRON", "https://tronscan.org/#/transaction/0xabc"],
    ["solana", "https://solscan.io/tx/0xabc"],
    ["APTOS", "https://aptoscan.com/transaction/0xabc"],
  ])("links %s to its mainnet explorer in production", (chain, url) => {
    expect(explorerTxUrl(chain, "0xabc", "production")?.url).toBe(url);
  });

  it.each([
    ["ETHEREUM", "https://sepolia.etherscan.io/tx/0xabc"],
    ["BASE", "https://sepolia.basescan.org/tx/0xabc"],
    ["POLYGON", "https://amoy.polygonscan.com/tx/0xabc"],
    ["ARBITRUM", "https://sepolia.arbiscan.io/tx/0xabc"],
    ["OPTIMISM", "https://sepolia-optimism.etherscan.io/tx/0xabc"],
    ["CELO", "https://celo-sepolia.blockscout.com/tx/0xabc"],
    ["TRON", "https://nile.tronscan.org/#/transaction/0xabc"],
    ["solana", "https://solscan.io/tx/0xabc?cluster=devnet"],
    ["APTOS", "https://explorer.aptoslabs.com/txn/0xabc?network=testnet"],
  ])("links %s to its test network explorer in the sandbox", (chain, url) => {
    expect(explorerTxUrl(chain, "0xabc", "sandbox")?.url).toBe(url);
  });

  it("gives no link for an unknown chain or a hash that is not a plain token", () => {
    expect(explorerTxUrl("DOGE", "0xabc", "sandbox")).toBeNull();
    expect(explorerTxUrl("ETHEREUM", "0xabc/../../evil", "production")).toBeNull();
    expect(explorerTxUrl(null, "0xabc", "production")).toBeNull();
  });
});

describe("deposit list filters", () => {
  it("maps FLAGGED to REQUIRES_REVIEW, drops unknown values and keeps the page", () => {
    const f = loadDepositFilters({
      status: "FLAGGED",
      settlement: "bogus",
      type: "NGN_DEPOSIT",
      customer: "not-a-uuid",
      from: "2026-01-01",
      to: "31/01/2026",
      page: "3",
    });
    expect(f).toEqual({
      status: "REQUIRES_REVIEW",
      settlement: null,
      type: "NGN_DEPOSIT",
      customer: null,
      from: "2026-01-01",
      to: null,
      page: 3,
    });
    expect(upstreamDepositQuery(f, "UTC")).toMatchObject({
      status: "REQUIRES_REVIEW",
      type: "NGN_DEPOSIT",
      from: "2026-01-01T00:00:00.000Z",
      page: 3,
      limit: 25,
    });
    // The days are the viewer's: Lagos's 1 Jan began at 23:00 UTC the evening before; `to` includes its last millisecond.
    expect(upstreamDepositQuery({ ...f, to: "2026-01-31" }, "Africa/Lagos")).toMatchObject({
      from: "2025-12-31T23:00:00.000Z",
      to: "2026-01-31T22:59:59.999Z",
    });
    expect(loadDepositFilters({ page: "-1" }).page).toBe(1);
  });

  it("offers every status the provider's deposit list filters by, PENDING included", () => {
    expect([...DEPOSIT_STATUS_FILTERS].sort()).toEqual(["COMPLETED", "FAILED", "PENDING", "PROCESSING", "RECEIVED", "REQUIRES_REVIEW", "REVERSED"]);
    const f = loadDepositFilters({ status: "PENDING", settlement: "PENDING" });
    expect(upstreamDepositQuery(f, "UTC")).toMatchObject({ status: "PENDING", settlement_status: "PENDING" });
  });
});

describe("outbound signing and backoff", () => {
  it("signs with HMAC-SHA256 hex of the exact body", () => {
    // Known answer: HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog").
    expect(signBody("key", "The quick brown fox jumps over the lazy dog")).toBe("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
  });
  it("backs off further after each failure, capped at an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 50].map(backoffSeconds)).toEqual([10, 30, 60, 300, 900, 1800, 3600, 3600, 3600]);
  });
});
