/**
 * Recipients: every rule of the provider's `POST /v1/recipients` (and the Recipient resource) as one
 * zod schema, shared by the create form (browser) and the server action, so nothing is sent that the
 * provider would refuse. Client-safe and self-contained: the transfer form can reuse the checks and
 * `toRecipientBody` for an inline destination.
 *
 * The form's values mirror the provider's nested body (`us_bank_account.address.state`, ...), so
 * the provider's field paths land on the same fields without renaming.
 */
import { z } from "zod";
import { MESSAGES as FUNDING_MESSAGES } from "@/lib/funding-accounts/schema";
import { withAttemptKey } from "@/lib/upstream/attempt";
import { ALPHA2_CODES, ALPHA3_TO_ALPHA2, COUNTRIES_WITHOUT_POSTAL_CODES, US_SUBDIVISIONS } from "./reference";

export {
  RECIPIENT_TYPES,
  STABLE_ASSETS,
  RECIPIENT_CHAINS,
  ACCOUNT_TYPES,
  PAYOUT_SCHEMES,
  OWNER_TYPES,
  CATEGORIES,
  PURPOSES,
  TYPE_LABEL,
  CHAIN_LABEL,
  CATEGORY_LABEL,
  PURPOSE_LABEL,
  needsCustomer,
  type RecipientType,
  CHAIN_FAMILY,
  addressHint,
  isValidChainAddress,
} from "./values";
import {
  ACCOUNT_TYPES,
  CATEGORIES,
  CHAIN_LABEL,
  OWNER_TYPES,
  PAYOUT_SCHEMES,
  PURPOSES,
  RECIPIENT_CHAINS,
  RECIPIENT_TYPES,
  STABLE_ASSETS,
  needsCustomer,
  addressHint,
  isValidChainAddress,
  TIER2_MESSAGE,
} from "./values";

// ---------------------------------------------------------------------------------------------
// Format and checksum rules
// ---------------------------------------------------------------------------------------------

/** ABA routing number: 9 digits, 3*(d1+d4+d7) + 7*(d2+d5+d8) + (d3+d6+d9) a multiple of 10. */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(routing[i]) * weights[i]!;
  return sum % 10 === 0;
}

/** Spaces are the usual print grouping of an IBAN ("DE89 3704 ..."): removed before checks and sending. */
export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** IBAN (ISO 13616): known country, 2 check digits, 11 to 30 alphanumerics, mod 97 of the rearranged number is 1. */
export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || !ALPHA2_CODES.has(iban.slice(0, 2))) return false;
  let remainder = 0;
  for (const ch of iban.slice(4) + iban.slice(0, 4)) {
    // Letters count as two digits (A = 10 ... Z = 35); the remainder is carried digit by digit.
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** BIC (ISO 9362): 4-letter institution, ISO country, 2-character location, optional 3-character branch. */
export function isValidBic(raw: string): boolean {
  const bic = raw.toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && ALPHA2_CODES.has(bic.slice(4, 6));
}

export const isAlpha3Country = (code: string): boolean => ALPHA3_TO_ALPHA2.has(code);
export const isUsSubdivision = (code: string): boolean => US_SUBDIVISIONS.includes(code);
export const usesPostalCode = (alpha3: string): boolean => !COUNTRIES_WITHOUT_POSTAL_CODES.has(alpha3);

/** ACH names: printable ASCII only, and not blank. */
export const isValidAchName = (name: string): boolean => /^[\x20-\x7E]+$/.test(name) && name.trim() !== "";
/** Wire names: letters, digits, underscores, spaces and , . - ' & / ( ) only, and not blank. */
export const isValidWireName = (name: string): boolean => /^[\w ,.\-'&/()]+$/.test(name) && name.trim() !== "";

/** A street number: a group of digits, alone or with a letter ("12B"), or a range ("10-12"). */
export const hasStreetNumber = (line: string): boolean => /(^|\s)\d+[A-Za-z]?(\s|,|$)/.test(line) || /^\d+[-/]\d+/.test(line);

// ---------------------------------------------------------------------------------------------
// Messages: what the person reads at the field
// ---------------------------------------------------------------------------------------------

export const MESSAGES = {
  type: "Choose what kind of recipient this is.",
  customer: "Choose the customer this recipient belongs to: US and SWIFT recipients are paid on a customer's behalf.",
  tier2: TIER2_MESSAGE,
  bankingPartner:
    "This customer has tier 2 but no banking-partner account yet, so US and SWIFT recipients cannot be created for them. Finish the banking-partner onboarding first, or choose another customer.",
  bankCode: FUNDING_MESSAGES.bankCode,
  accountNumberNuban: FUNDING_MESSAGES.accountNumber,
  accountNotResolved: FUNDING_MESSAGES.accountNotResolved,
  asset: "Choose USDC or USDT.",
  chain: "Choose the chain the recipient receives on.",
  addressRequired: "Enter the wallet address.",
  ownerName: "Enter the account owner's name (at most 256 characters).",
  achName: "For ACH the name may use only printable ASCII characters (no accents or symbols outside ASCII).",
  wireName: "For wire the name may use only letters, digits, spaces and , . - ' & / ( ).",
  usAccountNumber: "Enter the account number: 4 to 17 digits.",
  routing: "Enter a 9-digit ABA routing number; this one fails the routing-number checksum.",
  bankNameRequired: "Enter the bank's name (at most 256 characters).",
  bankNameTooLong: "The bank's name can be at most 256 characters.",
  accountType: "Choose checking or savings.",
  payoutScheme: "Choose ACH or wire.",
  ownerType: "Choose individual or business.",
  accountCountry: "Choose the country of the account.",
  iban: "Enter a valid IBAN: country code, 2 check digits and the account; this one fails the format or the mod-97 check.",
  bic: "Enter a valid BIC: 8 or 11 characters (bank, ISO country, location, optional branch), or leave it empty.",
  firstName: "Enter the account owner's first name.",
  lastName: "Enter the account owner's last name.",
  businessName: "Enter the business's registered name.",
  category: "Choose how this recipient relates to you.",
  purpose: "Choose at least one purpose of funds.",
  description: "Describe the recipient's business in a few words.",
  street1: "Enter the street and number: 4 to 35 characters.",
  street2: "The second street line can be at most 35 characters.",
  city: "Enter the city.",
  country: "Choose the country.",
  stateUs: "Choose the state: US addresses need the ISO 3166-2 code, e.g. NY.",
  stateUnknownUs: "This is not a US state code (ISO 3166-2:US), e.g. NY or CA.",
  stateFormat: "Enter the ISO 3166-2 subdivision code: 1 to 3 capital letters or digits, or leave it empty.",
  postalRequired: "Enter the postal code: this country uses postal codes.",
  zip: "Enter a US ZIP code: 12345 or 12345-6789.",
  postalTooLong: "The postal code can be at most 16 characters.",
  streetNumber: "Wires to US addresses need a street number, e.g. 350 Fifth Avenue.",
} as const;

/** Field names as the form labels them, also used to turn the provider's fragments into sentences. */
export const FIELD_LABEL: Record<string, string> = {
  type: "Recipient type",
  customer_id: "Customer",
  bank_code: "Bank",
  account_number: "Account number",
  account_name: "Account name",
  asset: "Asset",
  chain: "Chain",
  address: "Address",
  account_owner_name: "Account owner's name",
  routing_number: "Routing number",
  bank_name: "Bank name",
  account_type: "Account type",
  payout_scheme: "Payout scheme",
  account_owner_type: "Owner type",
  account_country: "Account country",
  iban: "IBAN",
  bic: "BIC",
  first_name: "First name",
  last_name: "Last name",
  business_name: "Business name",
  short_business_description: "Business description",
  category: "Category",
  purpose_of_funds: "Purpose of funds",
  street_line_1: "Street line 1",
  street_line_2: "Street line 2",
  city: "City",
  state: "State or region",
  postal_code: "Postal code",
  country: "Country",
  bank_address: "Bank address",
};

// ---------------------------------------------------------------------------------------------
// The schema
// ---------------------------------------------------------------------------------------------

const blank = z.string().trim().optional().default("");

const addressFields = z.object({ street_line_1: blank, street_line_2: blank, city: blank, state: blank, postal_code: blank, country: blank }).prefault({});

export const recipientFields = {
  type: z.enum(RECIPIENT_TYPES, { error: MESSAGES.type }),
  customer_id: blank,
  bank_account: z
    .object({
      bank_code: blank,
      account_number: blank,
      /** The holder's name the provider resolved; the person has seen and confirmed it. */
      account_name: blank,
    })
    .prefault({}),
  crypto_address: z.object({ asset: blank, chain: blank, address: blank }).prefault({}),
  us_bank_account: z
    .object({
      account_owner_name: blank,
      account_number: blank,
      routing_number: blank,
      bank_name: blank,
      account_type: blank,
      payout_scheme: blank,
      address: addressFields,
    })
    .prefault({}),
  swift_bank_account: z
    .object({
      account_owner_name: blank,
      account_owner_type: blank,
      account_country: blank,
      iban: blank,
      bic: blank,
      bank_name: blank,
      first_name: blank,
      last_name: blank,
      business_name: blank,
      category: blank,
      purpose_of_funds: z.array(z.string()).optional().default([]),
      short_business_description: blank,
      address: addressFields,
      bank_address: addressFields,
    })
    .prefault({}),
};

const recipientObject = z.object(recipientFields);
export type RecipientValues = z.output<typeof recipientObject>;
export type AddressValues = RecipientValues["us_bank_account"]["address"];

type Ctx = z.RefinementCtx;
type Path = (string | number)[];
const issue = (ctx: Ctx, path: Path, message: string) => ctx.addIssue({ code: "custom", path, message });
const oneOf = (values: readonly string[], v: string) => values.includes(v);

/** A postal address (owner's or bank's); `wire` adds the street-number rule for US addresses. */
export function checkAddress(a: AddressValues, path: Path, ctx: Ctx, opts: { wire?: boolean } = {}) {
  const country = a.country.toUpperCase();
  const us = country === "USA";
  if (a.street_line_1.length < 4 || a.street_line_1.length > 35) issue(ctx, [...path, "street_line_1"], MESSAGES.street1);
  else if (opts.wire && us && !hasStreetNumber(a.street_line_1)) issue(ctx, [...path, "street_line_1"], MESSAGES.streetNumber);
  if (a.street_line_2.length > 35) issue(ctx, [...path, "street_line_2"], MESSAGES.street2);
  if (a.city === "") issue(ctx, [...path, "city"], MESSAGES.city);
  if (!isAlpha3Country(country)) issue(ctx, [...path, "country"], MESSAGES.country);
  const state = a.state.toUpperCase();
  if (state === "") {
    if (us) issue(ctx, [...path, "state"], MESSAGES.stateUs);
  } else if (!/^[A-Z0-9]{1,3}$/.test(state)) issue(ctx, [...path, "state"], MESSAGES.stateFormat);
  else if (us && !isUsSubdivision(state)) issue(ctx, [...path, "state"], MESSAGES.stateUnknownUs);
  if (a.postal_code === "") {
    if (isAlpha3Country(country) && usesPostalCode(country)) issue(ctx, [...path, "postal_code"], MESSAGES.postalRequired);
  } else if (us && !/^\d{5}(-\d{4})?$/.test(a.postal_code)) issue(ctx, [...path, "postal_code"], MESSAGES.zip);
  else if (a.postal_code.length > 16) issue(ctx, [...path, "postal_code"], MESSAGES.postalTooLong);
}

export function checkBankAccount(v: RecipientValues["bank_account"], path: Path, ctx: Ctx) {
  if (!/^\d{3,6}$/.test(v.bank_code)) issue(ctx, [...path, "bank_code"], MESSAGES.bankCode);
  if (!/^\d{10}$/.test(v.account_number)) issue(ctx, [...path, "account_number"], MESSAGES.accountNumberNuban);
  // On the name, not the number: the number's error shows on blur, this one only once submitted.
  else if (v.account_name === "") issue(ctx, [...path, "account_name"], MESSAGES.accountNotResolved);
}

export function checkCryptoAddress(v: RecipientValues["crypto_address"], path: Path, ctx: Ctx) {
  if (!oneOf(STABLE_ASSETS, v.asset)) issue(ctx, [...path, "asset"], MESSAGES.asset);
  if (!oneOf(RECIPIENT_CHAINS, v.chain)) issue(ctx, [...path, "chain"], MESSAGES.chain);
  if (v.address === "") issue(ctx, [...path, "address"], MESSAGES.addressRequired);
  else if (oneOf(RECIPIENT_CHAINS, v.chain) && !isValidChainAddress(v.chain, v.address)) {
    issue(ctx, [...path, "address"], `Enter ${addressHint(v.chain)}, as ${CHAIN_LABEL[v.chain as keyof typeof CHAIN_LABEL]} uses.`);
  }
}

export function checkUsBankAccount(v: RecipientValues["us_bank_account"], path: Path, ctx: Ctx) {
  const wire = v.payout_scheme === "wire";
  if (!oneOf(PAYOUT_SCHEMES, v.payout_scheme)) issue(ctx, [...path, "payout_scheme"], MESSAGES.payoutScheme);
  if (v.account_owner_name === "" || v.account_owner_name.length > 256) issue(ctx, [...path, "account_owner_name"], MESSAGES.ownerName);
  else if (wire && !isValidWireName(v.account_owner_name)) issue(ctx, [...path, "account_owner_name"], MESSAGES.wireName);
  else if (!wire && !isValidAchName(v.account_owner_name)) issue(ctx, [...path, "account_owner_name"], MESSAGES.achName);
  if (!/^\d{4,17}$/.test(v.account_number)) issue(ctx, [...path, "account_number"], MESSAGES.usAccountNumber);
  if (!isValidAbaRouting(v.routing_number)) issue(ctx, [...path, "routing_number"], MESSAGES.routing);
  if (v.bank_name === "" || v.bank_name.length > 256) issue(ctx, [...path, "bank_name"], MESSAGES.bankNameRequired);
  if (!oneOf(ACCOUNT_TYPES, v.account_type)) issue(ctx, [...path, "account_type"], MESSAGES.accountType);
  checkAddress(v.address, [...path, "address"], ctx, { wire });
}

export function checkSwiftBankAccount(v: RecipientValues["swift_bank_account"], path: Path, ctx: Ctx) {
  if (v.account_owner_name === "" || v.account_owner_name.length > 256) issue(ctx, [...path, "account_owner_name"], MESSAGES.ownerName);
  if (!oneOf(OWNER_TYPES, v.account_owner_type)) issue(ctx, [...path, "account_owner_type"], MESSAGES.ownerType);
  if (!isAlpha3Country(v.account_country.toUpperCase())) issue(ctx, [...path, "account_country"], MESSAGES.accountCountry);
  if (!isValidIban(v.iban)) issue(ctx, [...path, "iban"], MESSAGES.iban);
  if (v.bic !== "" && !isValidBic(v.bic)) issue(ctx, [...path, "bic"], MESSAGES.bic);
  if (v.bank_name.length > 256) issue(ctx, [...path, "bank_name"], MESSAGES.bankNameTooLong);
  if (v.account_owner_type === "individual") {
    if (v.first_name === "") issue(ctx, [...path, "first_name"], MESSAGES.firstName);
    if (v.last_name === "") issue(ctx, [...path, "last_name"], MESSAGES.lastName);
  }
  if (v.account_owner_type === "business" && v.business_name === "") issue(ctx, [...path, "business_name"], MESSAGES.businessName);
  if (!oneOf(CATEGORIES, v.category)) issue(ctx, [...path, "category"], MESSAGES.category);
  if (v.purpose_of_funds.length === 0 || !v.purpose_of_funds.every((p) => oneOf(PURPOSES, p))) issue(ctx, [...path, "purpose_of_funds"], MESSAGES.purpose);
  if (v.short_business_description === "") issue(ctx, [...path, "short_business_description"], MESSAGES.description);
  checkAddress(v.address, [...path, "address"], ctx);
  checkAddress(v.bank_address, [...path, "bank_address"], ctx);
}

/** The rules of the chosen type only; the other types' fields are ignored (and never sent). */
export function checkRecipient(v: RecipientValues, ctx: Ctx) {
  if (needsCustomer(v.type) && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v.customer_id))
    issue(ctx, ["customer_id"], MESSAGES.customer);
  if (v.type === "BANK_ACCOUNT") checkBankAccount(v.bank_account, ["bank_account"], ctx);
  if (v.type === "CRYPTO_ADDRESS") checkCryptoAddress(v.crypto_address, ["crypto_address"], ctx);
  if (v.type === "US_BANK_ACCOUNT") checkUsBankAccount(v.us_bank_account, ["us_bank_account"], ctx);
  if (v.type === "SWIFT_BANK_ACCOUNT") checkSwiftBankAccount(v.swift_bank_account, ["swift_bank_account"], ctx);
}

export const createRecipientSchema = withAttemptKey(recipientFields).superRefine(checkRecipient);
/** The same rules without the attempt key, for the browser form (the key is added at submit). */
export const recipientFormSchema = recipientObject.superRefine(checkRecipient);
export type RecipientFormValues = z.input<typeof recipientFormSchema>;
export type CreateRecipientInput = z.input<typeof createRecipientSchema>;

/** Only what was filled in: the provider refuses empty strings where a field is optional. */
function present<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "")) as Partial<T>;
}

function addressBody(a: AddressValues): Record<string, string> {
  return present({ ...a, state: a.state.toUpperCase(), country: a.country.toUpperCase() });
}

/** The provider's body for valid values: the chosen type's object only, optional fields left out when empty. */
export function toRecipientBody(v: RecipientValues): Record<string, unknown> {
  const customer = needsCustomer(v.type) ? { customer_id: v.customer_id } : {};
  switch (v.type) {
    case "BANK_ACCOUNT":
      return { type: v.type, bank_account: present(v.bank_account) };
    case "CRYPTO_ADDRESS":
      return { type: v.type, crypto_address: { ...v.crypto_address } };
    case "US_BANK_ACCOUNT":
      return { type: v.type, ...customer, us_bank_account: { ...v.us_bank_account, address: addressBody(v.us_bank_account.address) } };
    case "SWIFT_BANK_ACCOUNT": {
      const s = v.swift_bank_account;
      const individual = s.account_owner_type === "individual";
      return {
        type: v.type,
        ...customer,
        swift_bank_account: {
          ...present({
            account_owner_name: s.account_owner_name,
            account_owner_type: s.account_owner_type,
            account_country: s.account_country.toUpperCase(),
            iban: normalizeIban(s.iban),
            bic: s.bic.toUpperCase(),
            bank_name: s.bank_name,
            first_name: individual ? s.first_name : "",
            last_name: individual ? s.last_name : "",
            business_name: individual ? "" : s.business_name,
            category: s.category,
            short_business_description: s.short_business_description,
          }),
          purpose_of_funds: s.purpose_of_funds,
          address: addressBody(s.address),
          bank_address: addressBody(s.bank_address),
        },
      };
    }
  }
}

/**
 * A provider field path as the form names it: `swift_bank_account.purpose_of_funds[0]` is the
 * purpose checkboxes as a whole.
 */
export const formPathOf = (providerPath: string): string => providerPath.replace(/\[\d+\]/g, "");

/** The provider's message for a field as a sentence: its fragments ("is required") get the field's name. */
export function fieldSentence(path: string, message: string): string {
  const text = message.trim();
  if (/^[A-Z]/.test(text)) return /[.!?]$/.test(text) ? text : `${text}.`;
  const leaf = formPathOf(path).split(".").pop() ?? path;
  const label = FIELD_LABEL[leaf] ?? leaf.replace(/_/g, " ");
  return `${label} ${text}${/[.!?]$/.test(text) ? "" : "."}`;
}
