/**
 * Unit tests of the format and checksum rules (ABA, IBAN, BIC, chain addresses, names, street
 * numbers) and of the rate arithmetic.
 */
import { describe, expect, it } from "vitest";
import { midRate, sideRate, RATE_ROTATION_MS, rateBucket } from "./rates";
import { hasStreetNumber, isValidAbaRouting, isValidAchName, isValidBic, isValidChainAddress, isValidIban, isValidWireName } from "./validators";

describe("ABA routing numbers", () => {
  it("accepts real routing numbers and rejects a wrong check digit", () => {
    for (const r of ["021000021", "011000015", "122105155", "026009593"]) expect(isValidAbaRouting(r)).toBe(true);
    for (const r of ["021000022", "123456789", "02100002", "0210000210", "02100002a"]) expect(isValidAbaRouting(r)).toBe(false);
  });
});

describe("IBAN", () => {
  it("accepts valid IBANs (with or without spaces) and rejects bad check digits, countries and lengths", () => {
    for (const i of ["GB82WEST12345698765432", "GB82 WEST 1234 5698 7654 32", "DE89370400440532013000", "FR1420041010050500013M02606", "NL91ABNA0417164300"]) {
      expect(isValidIban(i)).toBe(true);
    }
    for (const i of ["GB83WEST12345698765432", "XX82WEST12345698765432", "GB82", "GB82WEST1234569876543212345678901234", "DE89-3704-0044"]) {
      expect(isValidIban(i)).toBe(false);
    }
  });
});

describe("BIC", () => {
  it("accepts 8 and 11 character BICs with an ISO country", () => {
    expect(isValidBic("NWBKGB2L")).toBe(true);
    expect(isValidBic("COBADEFFXXX")).toBe(true);
    expect(isValidBic("NWBKQQ2L")).toBe(false);
    expect(isValidBic("NWBKGB2")).toBe(false);
    expect(isValidBic("nwbkgb2l")).toBe(false);
    expect(isValidBic("NWBKGB2LXX")).toBe(false);
  });
});

describe("chain addresses", () => {
  it("checks each chain family's format", () => {
    expect(isValidChainAddress("ETHEREUM", "0x52908400098527886E0F7030069857D2E4169EE7")).toBe(true);
    expect(isValidChainAddress("POLYGON", "0x52908400098527886E0F7030069857D2E4169EE")).toBe(false);
    expect(isValidChainAddress("APTOS", `0x${"a".repeat(64)}`)).toBe(true);
    expect(isValidChainAddress("SOLANA", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV")).toBe(true);
    expect(isValidChainAddress("SOLANA", "0OIl")).toBe(false);
    expect(isValidChainAddress("TRON", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL")).toBe(true);
    expect(isValidChainAddress("TRON", "0x52908400098527886E0F7030069857D2E4169EE7")).toBe(false);
    expect(isValidChainAddress("BITCOIN", "bc1q")).toBe(false);
  });
});

describe("names and street numbers", () => {
  it("ACH: printable ASCII, not blank; wire: word characters, spaces and , . - ' & / ( )", () => {
    expect(isValidAchName("Jane Doe #2")).toBe(true);
    expect(isValidAchName("José")).toBe(false);
    expect(isValidAchName("  ")).toBe(false);
    expect(isValidWireName("O'Brien & Sons, Inc. (US) / East-Side")).toBe(true);
    expect(isValidWireName("Jane #2")).toBe(false);
    expect(isValidWireName("Jane@Doe")).toBe(false);
  });

  it("finds a street number", () => {
    for (const l of ["100 Congress Avenue", "12B Baker Street", "Suite 5, 200 Main St", "10-12 Market Road"]) expect(hasStreetNumber(l)).toBe(true);
    for (const l of ["Congress Avenue", "PO Box", "Route A1B"]) expect(hasStreetNumber(l)).toBe(false);
  });
});

describe("rates", () => {
  it("are deterministic per 10-minute bucket, within 12 NGN of the base, BUY above SELL", () => {
    const t = Date.UTC(2026, 10, 22, 12, 3, 0);
    expect(rateBucket(t)).toBe(rateBucket(t + 6 * 60 * 1000));
    expect(rateBucket(t + RATE_ROTATION_MS)).toBe(rateBucket(t) + 1);
    expect(midRate(rateBucket(t), "USD").toFixed(2)).toBe(midRate(rateBucket(t), "USD").toFixed(2));
    for (let b = 0; b < 500; b++) {
      const mid = midRate(b, "USD");
      expect(mid.minus("1550").abs().lte(12)).toBe(true);
      expect(Number(sideRate(mid, "BUY"))).toBeGreaterThan(Number(sideRate(mid, "SELL")));
    }
    expect(sideRate(midRate(0, "USD").minus(midRate(0, "USD")).plus("1000"), "BUY")).toBe("1005.00");
  });
});
