import { describe, expect, it } from "vitest";
import type { Recipient } from "@/lib/upstream/schemas/core";
import { matchesSearch, recipientName, recipientSummary } from "./views";

const none = { first_name: null, last_name: null, bank_account: null, crypto_address: null, us_bank_account: null, swift_bank_account: null };
const us: Recipient = {
  id: "u",
  type: "US_BANK_ACCOUNT",
  ...none,
  first_name: "Amaka",
  last_name: "Obi",
  us_bank_account: { account_owner_name: "Amaka Obi", account_number_last4: "6789", routing_number: "021000021", bank_name: "Chase", payout_scheme: "ach" },
};
const wallet: Recipient = {
  id: "c",
  type: "CRYPTO_ADDRESS",
  ...none,
  crypto_address: { asset: "USDC", chain: "BASE", address: "0x52908400098527886E0F7030069857D2E4169EE7" },
};

describe("recipient display and search", () => {
  it("names a recipient from its type's object, or its wallet", () => {
    expect(recipientName(us)).toBe("Amaka Obi");
    expect(recipientName(wallet)).toBe("USDC wallet on BASE");
  });

  it("summarises the destination with numbers masked and addresses shortened", () => {
    expect(recipientSummary(us)).toBe("Chase ••••6789 (ACH)");
    expect(recipientSummary(wallet)).toBe("USDC on BASE 0x5290…9EE7");
  });

  it("matches a name fragment, the last four digits, or the end of an address", () => {
    expect(matchesSearch(us, "OBI")).toBe(true);
    expect(matchesSearch(us, "6789")).toBe(true);
    expect(matchesSearch(us, "789")).toBe(false); // fewer than four digits never match a number
    expect(matchesSearch(us, "1234")).toBe(false);
    expect(matchesSearch(wallet, "9ee7")).toBe(true);
    expect(matchesSearch(wallet, "")).toBe(true);
  });
});
