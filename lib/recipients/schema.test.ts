import { describe, expect, it } from "vitest";
import {
  addressHint,
  createRecipientSchema,
  fieldSentence,
  formPathOf,
  hasStreetNumber,
  isAlpha3Country,
  isUsSubdivision,
  isValidAbaRouting,
  isValidAchName,
  isValidBic,
  isValidChainAddress,
  isValidIban,
  isValidWireName,
  MESSAGES,
  normalizeIban,
  recipientFormSchema,
  toRecipientBody,
  usesPostalCode,
  type RecipientFormValues,
} from "./schema";

const CUSTOMER = "2b6f0c1e-5a4d-4c3b-9e8f-7a6b5c4d3e2f";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

const usAddress = { street_line_1: "350 Fifth Avenue", city: "New York", state: "NY", postal_code: "10118", country: "USA" };
const deAddress = { street_line_1: "Friedrichstrasse 10", city: "Berlin", postal_code: "10117", country: "DEU" };

const VALID: Record<string, RecipientFormValues> = {
  bank: { type: "BANK_ACCOUNT", bank_account: { bank_code: "044", account_number: "0690000031", account_name: "Adaeze Okonkwo" } },
  crypto: { type: "CRYPTO_ADDRESS", crypto_address: { asset: "USDC", chain: "BASE", address: EVM } },
  us: {
    type: "US_BANK_ACCOUNT",
    customer_id: CUSTOMER,
    us_bank_account: {
      account_owner_name: "Amaka Obi",
      account_number: "000123456789",
      routing_number: "021000021",
      bank_name: "JPMorgan Chase Bank",
      account_type: "checking",
      payout_scheme: "wire",
      address: usAddress,
    },
  },
  swift: {
    type: "SWIFT_BANK_ACCOUNT",
    customer_id: CUSTOMER,
    swift_bank_account: {
      account_owner_name: "Bakare Trading GmbH",
      account_owner_type: "business",
      account_country: "DEU",
      iban: "DE89 3704 0044 0532 0130 00",
      bic: "COBADEFFXXX",
      business_name: "Bakare Trading GmbH",
      category: "supplier",
      purpose_of_funds: ["invoice_for_goods_and_services"],
      short_business_description: "Wholesale textiles",
      address: deAddress,
      bank_address: { street_line_1: "Kaiserplatz 1", city: "Frankfurt", postal_code: "60311", country: "DEU" },
    },
  },
};

/** The field errors the form schema gives for `values`, path -> message. */
function errorsOf(values: RecipientFormValues): Record<string, string> {
  const r = recipientFormSchema.safeParse(values);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

/** A copy of a valid value with one nested field changed. */
function withField(base: RecipientFormValues, path: string, value: unknown): RecipientFormValues {
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = path.split(".");
  let node = copy;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
  return copy as RecipientFormValues;
}

describe("checksums and formats", () => {
  it("checks ABA routing numbers with the 3-7-1 checksum", () => {
    expect(isValidAbaRouting("021000021")).toBe(true);
    expect(isValidAbaRouting("011000015")).toBe(true);
    expect(isValidAbaRouting("021000022")).toBe(false);
    expect(isValidAbaRouting("02100002")).toBe(false);
    expect(isValidAbaRouting("02100002a")).toBe(false);
  });

  it("checks IBANs with mod 97, known countries and grouping spaces", () => {
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("GB82 WEST 1234 5698 7654 32")).toBe(true);
    expect(isValidIban("gb82west12345698765432")).toBe(true);
    expect(isValidIban("DE89370400440532013001")).toBe(false); // one digit off: mod 97 fails
    expect(isValidIban("XX89370400440532013000")).toBe(false); // no such country
    expect(isValidIban("DE8937040044")).toBe(false); // too short
    expect(normalizeIban("de89 3704 0044")).toBe("DE8937040044");
  });

  it("checks BICs: 8 or 11 characters with a real ISO country", () => {
    expect(isValidBic("COBADEFF")).toBe(true);
    expect(isValidBic("COBADEFFXXX")).toBe(true);
    expect(isValidBic("cobadeffxxx")).toBe(true);
    expect(isValidBic("COBAXXFF")).toBe(false); // XX is no country
    expect(isValidBic("COBADEFFXX")).toBe(false); // 10 characters
    expect(isValidBic("C0BADEFF")).toBe(false); // a digit in the bank code
  });

  it("checks addresses per chain family", () => {
    expect(isValidChainAddress("BASE", EVM)).toBe(true);
    expect(isValidChainAddress("ETHEREUM", EVM.toLowerCase())).toBe(true);
    expect(isValidChainAddress("POLYGON", EVM.slice(0, -1))).toBe(false);
    expect(isValidChainAddress("CELO", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")).toBe(false);
    expect(isValidChainAddress("TRON", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE")).toBe(true);
    expect(isValidChainAddress("SOLANA", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV")).toBe(true);
    expect(isValidChainAddress("APTOS", `0x${"a".repeat(64)}`)).toBe(true);
    expect(isValidChainAddress("APTOS", EVM)).toBe(false);
    expect(isValidChainAddress("DOGE", EVM)).toBe(false);
    expect(addressHint("OPTIMISM")).toContain("EVM");
    expect(addressHint("DOGE")).toBeNull();
  });

  it("checks ACH and wire names", () => {
    expect(isValidAchName("O'Brien & Sons, Inc.")).toBe(true);
    expect(isValidAchName("José")).toBe(false);
    expect(isValidAchName("   ")).toBe(false);
    expect(isValidWireName("O'Brien & Sons (US) Inc./Ltd-1")).toBe(true);
    expect(isValidWireName("Smith #1")).toBe(false);
    expect(isValidWireName("Smith; Jones")).toBe(false);
  });

  it("knows ISO 3166 countries, US subdivisions, postal-code countries and street numbers", () => {
    expect(isAlpha3Country("NGA")).toBe(true);
    expect(isAlpha3Country("NG")).toBe(false);
    expect(isAlpha3Country("XXX")).toBe(false);
    expect(isUsSubdivision("NY")).toBe(true);
    expect(isUsSubdivision("DC")).toBe(true);
    expect(isUsSubdivision("ZZ")).toBe(false);
    expect(usesPostalCode("DEU")).toBe(true);
    expect(usesPostalCode("ARE")).toBe(false);
    expect(hasStreetNumber("350 Fifth Avenue")).toBe(true);
    expect(hasStreetNumber("Apt 12B Main St")).toBe(true);
    expect(hasStreetNumber("10-12 Main St")).toBe(true);
    expect(hasStreetNumber("Fifth Avenue")).toBe(false);
  });
});

describe("the recipient form schema", () => {
  it.each(Object.keys(VALID))("accepts a valid %s recipient", (k) => {
    expect(errorsOf(VALID[k]!)).toEqual({});
    expect(createRecipientSchema.safeParse({ ...VALID[k], attemptKey: crypto.randomUUID() }).success).toBe(true);
  });

  it("needs a type, and checks only the chosen type's fields", () => {
    expect(errorsOf({} as RecipientFormValues)).toEqual({ type: MESSAGES.type });
    // A half-filled US form left behind does not block a crypto recipient.
    expect(errorsOf({ ...VALID.crypto!, us_bank_account: { routing_number: "1" } })).toEqual({});
  });

  it.each([
    ["bank_account.bank_code", "", MESSAGES.bankCode],
    ["bank_account.account_number", "069000003", MESSAGES.accountNumberNuban],
    ["bank_account.account_number", "06900000AB", MESSAGES.accountNumberNuban],
    ["bank_account.account_name", "", MESSAGES.accountNotResolved],
  ])("Nigerian bank account: %s = %j is refused", (path, value, message) => {
    expect(errorsOf(withField(VALID.bank!, path, value))).toEqual({ [path]: message });
  });

  it.each([
    ["crypto_address.asset", "DAI", MESSAGES.asset],
    ["crypto_address.chain", "SOLANA", MESSAGES.chain],
    ["crypto_address.address", "", MESSAGES.addressRequired],
    ["crypto_address.address", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", "Enter an EVM address: 0x followed by 40 hexadecimal characters, as Base uses."],
  ])("crypto address: %s = %j is refused", (path, value, message) => {
    expect(errorsOf(withField(VALID.crypto!, path, value))).toEqual({ [path]: message });
  });

  it.each([
    ["customer_id", "", MESSAGES.customer],
    ["us_bank_account.account_owner_name", "", MESSAGES.ownerName],
    ["us_bank_account.account_owner_name", "x".repeat(257), MESSAGES.ownerName],
    ["us_bank_account.account_owner_name", "Smith #1", MESSAGES.wireName],
    ["us_bank_account.account_number", "123", MESSAGES.usAccountNumber],
    ["us_bank_account.account_number", "1".repeat(18), MESSAGES.usAccountNumber],
    ["us_bank_account.routing_number", "021000022", MESSAGES.routing],
    ["us_bank_account.bank_name", "", MESSAGES.bankNameRequired],
    ["us_bank_account.account_type", "brokerage", MESSAGES.accountType],
    ["us_bank_account.payout_scheme", "rtp", MESSAGES.payoutScheme],
    ["us_bank_account.address.street_line_1", "1 A", MESSAGES.street1],
    ["us_bank_account.address.street_line_1", "x".repeat(36), MESSAGES.street1],
    ["us_bank_account.address.street_line_1", "Fifth Avenue", MESSAGES.streetNumber],
    ["us_bank_account.address.street_line_2", "x".repeat(36), MESSAGES.street2],
    ["us_bank_account.address.city", "", MESSAGES.city],
    ["us_bank_account.address.state", "", MESSAGES.stateUs],
    ["us_bank_account.address.state", "ZZ", MESSAGES.stateUnknownUs],
    ["us_bank_account.address.state", "N-Y", MESSAGES.stateFormat],
    ["us_bank_account.address.postal_code", "", MESSAGES.postalRequired],
    ["us_bank_account.address.postal_code", "1011", MESSAGES.zip],
    ["us_bank_account.address.country", "US", MESSAGES.country],
  ])("US bank account: %s = %j is refused", (path, value, message) => {
    expect(errorsOf(withField(VALID.us!, path, value))).toEqual({ [path]: message });
  });

  it("applies the ACH name rule for ACH and drops the street-number rule", () => {
    const ach = withField(VALID.us!, "us_bank_account.payout_scheme", "ach");
    expect(errorsOf(withField(ach, "us_bank_account.account_owner_name", "Smith #1"))).toEqual({});
    expect(errorsOf(withField(ach, "us_bank_account.account_owner_name", "José Núñez"))).toEqual({ "us_bank_account.account_owner_name": MESSAGES.achName });
    expect(errorsOf(withField(ach, "us_bank_account.address.street_line_1", "Fifth Avenue"))).toEqual({});
  });

  it("takes a lower-case state and needs the street number only on US addresses", () => {
    expect(errorsOf(withField(VALID.us!, "us_bank_account.address.state", "ny"))).toEqual({});
    const abroad = withField(VALID.us!, "us_bank_account.address", { ...deAddress, street_line_1: "Friedrichstrasse" });
    expect(errorsOf(abroad)).toEqual({});
  });

  it.each([
    ["swift_bank_account.account_owner_name", "", MESSAGES.ownerName],
    ["swift_bank_account.account_owner_type", "trust", MESSAGES.ownerType],
    ["swift_bank_account.account_country", "DE", MESSAGES.accountCountry],
    ["swift_bank_account.iban", "DE89370400440532013001", MESSAGES.iban],
    ["swift_bank_account.iban", "", MESSAGES.iban],
    ["swift_bank_account.bic", "COBAXXFF", MESSAGES.bic],
    ["swift_bank_account.bank_name", "x".repeat(257), MESSAGES.bankNameTooLong],
    ["swift_bank_account.business_name", "", MESSAGES.businessName],
    ["swift_bank_account.category", "friend", MESSAGES.category],
    ["swift_bank_account.purpose_of_funds", [], MESSAGES.purpose],
    ["swift_bank_account.purpose_of_funds", ["gift"], MESSAGES.purpose],
    ["swift_bank_account.short_business_description", "", MESSAGES.description],
    ["swift_bank_account.address.postal_code", "", MESSAGES.postalRequired],
    ["swift_bank_account.bank_address.country", "ZZZ", MESSAGES.country],
    ["swift_bank_account.bank_address.street_line_1", "", MESSAGES.street1],
  ])("SWIFT bank account: %s = %j is refused", (path, value, message) => {
    expect(errorsOf(withField(VALID.swift!, path, value))).toEqual({ [path]: message });
  });

  it("needs first and last name for an individual, and no postal code where the country has none", () => {
    const individual = withField(VALID.swift!, "swift_bank_account.account_owner_type", "individual");
    expect(errorsOf(individual)).toEqual({ "swift_bank_account.first_name": MESSAGES.firstName, "swift_bank_account.last_name": MESSAGES.lastName });
    const dubai = withField(VALID.swift!, "swift_bank_account.address", { street_line_1: "Sheikh Zayed Road 1", city: "Dubai", country: "ARE" });
    expect(errorsOf(dubai)).toEqual({});
  });
});

describe("the provider's body", () => {
  const parse = (v: RecipientFormValues) => recipientFormSchema.parse(v);

  it("sends only the chosen type's object, without empty optional fields", () => {
    expect(toRecipientBody(parse({ ...VALID.bank!, customer_id: CUSTOMER }))).toEqual({
      type: "BANK_ACCOUNT",
      bank_account: { bank_code: "044", account_number: "0690000031", account_name: "Adaeze Okonkwo" },
    });
    const us = toRecipientBody(parse(withField(VALID.us!, "us_bank_account.address.state", "ny")));
    expect(us).toMatchObject({ type: "US_BANK_ACCOUNT", customer_id: CUSTOMER, us_bank_account: { address: { state: "NY", country: "USA" } } });
    expect(Object.keys((us.us_bank_account as { address: object }).address)).not.toContain("street_line_2");
  });

  it("normalizes the IBAN and BIC and leaves out the names of the other owner type", () => {
    const body = toRecipientBody(parse(withField(VALID.swift!, "swift_bank_account.bic", "cobadeffxxx"))) as { swift_bank_account: Record<string, unknown> };
    expect(body.swift_bank_account.iban).toBe("DE89370400440532013000");
    expect(body.swift_bank_account.bic).toBe("COBADEFFXXX");
    expect(body.swift_bank_account).not.toHaveProperty("first_name");
    expect(body.swift_bank_account.business_name).toBe("Bakare Trading GmbH");
  });
});

describe("provider messages on the form", () => {
  it("maps indexed paths to the field and turns fragments into sentences", () => {
    expect(formPathOf("swift_bank_account.purpose_of_funds[0]")).toBe("swift_bank_account.purpose_of_funds");
    expect(fieldSentence("us_bank_account.address.state", "is required for US addresses")).toBe("State or region is required for US addresses.");
    expect(fieldSentence("bank_account.account_number", "No account 0690000040 at Access Bank.")).toBe("No account 0690000040 at Access Bank.");
    expect(fieldSentence("x.unknown_field", "is wrong")).toBe("unknown field is wrong.");
  });
});
