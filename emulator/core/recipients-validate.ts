/**
 * Bank-account resolution and the recipient creation rules of the spec for all four types, with
 * field-level errors under dotted paths (e.g. "us_bank_account.address.state").
 */
import { createHash } from "node:crypto";
import { findBank, RECIPIENT_CHAINS, STABLE_ASSETS, TEST_ACCOUNT_BANK_CODE, TEST_ACCOUNTS } from "./reference";
import type {
  BankAccountDetails,
  CoreSlice,
  CryptoAddressDetails,
  Recipient,
  RecipientType,
  StableAsset,
  SwiftBankAccountDetails,
  UsBankAccountDetails,
} from "./types";
import { type FieldErrors, isUuid, requireObject, type JsonObject } from "./http-util";
import {
  isAlpha3Country,
  isEvmAddress,
  isValidAbaRouting,
  isValidAchName,
  isValidBic,
  isValidIban,
  isValidWireName,
  normalizeIban,
  validateAddress,
} from "./validators";

export type ResolveResult =
  | { ok: true; account: BankAccountDetails }
  | { ok: false; status: 400 | 404; code: string; message: string; field: "account_number" | "bank_code" };

/**
 * Sandbox resolution: only the test series (bank 044, 0690000031..0690000039) resolves; any other
 * well-formed number at a known bank is "not found" (404), malformed input is a 400.
 */
export function resolveBankAccount(accountNumber: unknown, bankCode: unknown): ResolveResult {
  if (typeof bankCode !== "string" || bankCode === "") {
    return { ok: false, status: 400, code: "validation_failed", message: "bank_code is required", field: "bank_code" };
  }
  const bank = findBank(bankCode);
  if (!bank) return { ok: false, status: 400, code: "invalid_bank_code", message: `Unknown bank code ${bankCode}; see GET /v1/banks.`, field: "bank_code" };
  if (typeof accountNumber !== "string" || !/^\d{10}$/.test(accountNumber)) {
    return { ok: false, status: 400, code: "invalid_account_number", message: "account_number must be a 10-digit NUBAN.", field: "account_number" };
  }
  const name = bankCode === TEST_ACCOUNT_BANK_CODE ? TEST_ACCOUNTS[accountNumber] : undefined;
  if (!name) {
    return {
      ok: false,
      status: 404,
      code: "account_not_found",
      message: `No account ${accountNumber} at ${bank.name}. In sandbox only bank 044 accounts 0690000031 to 0690000039 resolve.`,
      field: "account_number",
    };
  }
  return { ok: true, account: { account_number: accountNumber, account_name: name, bank_code: bank.code, bank_name: bank.name } };
}

export type RecipientInput = Omit<Recipient, "id" | "fingerprint" | "created_at">;

/** Fingerprint of the account details only (not names or customer): same account, same recipient. */
export function recipientFingerprint(r: Pick<Recipient, "type" | "bank_account" | "crypto_address" | "us_bank_account" | "swift_bank_account">): string {
  let key: string;
  switch (r.type) {
    case "BANK_ACCOUNT":
      key = `${r.bank_account?.bank_code}:${r.bank_account?.account_number}`;
      break;
    case "CRYPTO_ADDRESS":
      key = `${r.crypto_address?.asset}:${r.crypto_address?.chain}:${r.crypto_address?.address.toLowerCase()}`;
      break;
    case "US_BANK_ACCOUNT":
      key = `${r.us_bank_account?.routing_number}:${r.us_bank_account?.account_number}:${r.us_bank_account?.payout_scheme}`;
      break;
    case "SWIFT_BANK_ACCOUNT":
      key = `${r.swift_bank_account?.iban}:${r.swift_bank_account?.bic ?? ""}`;
      break;
  }
  return createHash("sha256").update(`${r.type}|${key}`).digest("hex");
}

const RECIPIENT_TYPES: readonly RecipientType[] = ["BANK_ACCOUNT", "CRYPTO_ADDRESS", "US_BANK_ACCOUNT", "SWIFT_BANK_ACCOUNT"];
const DETAIL_KEYS = ["bank_account", "crypto_address", "us_bank_account", "swift_bank_account"] as const;

function splitName(full: string): { first_name: string | null; last_name: string | null } {
  const parts = full.trim().split(/\s+/);
  if (parts.length === 0 || parts[0] === "") return { first_name: null, last_name: null };
  if (parts.length === 1) return { first_name: parts[0] as string, last_name: null };
  return { first_name: parts[0] as string, last_name: parts.slice(1).join(" ") };
}

/** The length check both string readers share; `field` is the full error path. */
function boundedString(v: unknown, field: string, errors: FieldErrors, opts: { min?: number; max?: number }): string | null {
  if (typeof v !== "string") {
    errors.add(field, "must be a string");
    return null;
  }
  const min = opts.min ?? 1;
  if (v.length < min || (opts.max !== undefined && v.length > opts.max)) {
    errors.add(field, opts.max !== undefined ? `must be ${min} to ${opts.max} characters` : `must be at least ${min} characters`);
    return null;
  }
  return v;
}

function requiredString(o: JsonObject, key: string, path: string, errors: FieldErrors, opts: { min?: number; max?: number } = {}): string | null {
  const v = o[key];
  if (v === undefined || v === null || v === "") {
    errors.add(`${path}.${key}`, "is required");
    return null;
  }
  return boundedString(v, `${path}.${key}`, errors, opts);
}

/** Absent means null; an empty string is present, so it fails the length check. */
function optionalString(o: JsonObject, key: string, path: string, errors: FieldErrors, opts: { min?: number; max?: number } = {}): string | null {
  const v = o[key];
  if (v === undefined || v === null) return null;
  return boundedString(v, `${path}.${key}`, errors, opts);
}

function requiredEnum<T extends string>(o: JsonObject, key: string, path: string, allowed: readonly T[], errors: FieldErrors): T | null {
  const v = o[key];
  if (v === undefined || v === null || v === "") {
    errors.add(`${path}.${key}`, "is required");
    return null;
  }
  if (typeof v !== "string" || !(allowed as readonly string[]).includes(v)) {
    errors.add(`${path}.${key}`, `must be one of ${allowed.join(", ")}`);
    return null;
  }
  return v as T;
}

export function validateBankAccount(raw: unknown, path: string, errors: FieldErrors): BankAccountDetails | null {
  if (!requireObject(raw, path, errors, "is required when type is BANK_ACCOUNT")) return null;
  const accountNumber = requiredString(raw, "account_number", path, errors);
  const bankCode = requiredString(raw, "bank_code", path, errors);
  const givenName = optionalString(raw, "account_name", path, errors, { max: 256 });
  if (accountNumber === null || bankCode === null || errors.has(`${path}.account_name`)) return null;
  const resolved = resolveBankAccount(accountNumber, bankCode);
  if (!resolved.ok) {
    errors.add(`${path}.${resolved.field}`, resolved.message);
    return null;
  }
  return { ...resolved.account, account_name: givenName ?? resolved.account.account_name };
}

export function validateCryptoAddress(raw: unknown, path: string, errors: FieldErrors): CryptoAddressDetails | null {
  if (!requireObject(raw, path, errors, "is required when type is CRYPTO_ADDRESS")) return null;
  const asset = requiredEnum<StableAsset>(raw, "asset", path, STABLE_ASSETS, errors);
  const chain = requiredEnum(raw, "chain", path, RECIPIENT_CHAINS, errors);
  const address = requiredString(raw, "address", path, errors);
  if (address !== null && !isEvmAddress(address)) errors.add(`${path}.address`, "must be an EVM address (0x followed by 40 hex characters)");
  if (asset === null || chain === null || address === null || errors.has(`${path}.address`)) return null;
  return { asset, chain, address };
}

export function validateUsBankAccount(raw: unknown, path: string, errors: FieldErrors): UsBankAccountDetails | null {
  if (!requireObject(raw, path, errors, "is required when type is US_BANK_ACCOUNT")) return null;
  const before = Object.keys(errors.fields).length;
  const scheme = requiredEnum(raw, "payout_scheme", path, ["ach", "wire"] as const, errors);
  const owner = requiredString(raw, "account_owner_name", path, errors, { max: 256 });
  if (owner !== null) {
    if (scheme === "wire" && !isValidWireName(owner)) {
      errors.add(`${path}.account_owner_name`, "for wire may contain only letters, digits, underscores, spaces and , . - ' & / ( )");
    } else if (scheme !== "wire" && !isValidAchName(owner)) {
      errors.add(`${path}.account_owner_name`, "for ACH must be printable ASCII and not blank");
    }
  }
  const accountNumber = requiredString(raw, "account_number", path, errors);
  if (accountNumber !== null && !/^\d{4,17}$/.test(accountNumber)) errors.add(`${path}.account_number`, "must be 4 to 17 digits");
  const routing = requiredString(raw, "routing_number", path, errors);
  if (routing !== null && !isValidAbaRouting(routing)) errors.add(`${path}.routing_number`, "must be a 9-digit ABA routing number with a valid checksum");
  const bankName = requiredString(raw, "bank_name", path, errors, { max: 256 });
  const accountType = requiredEnum(raw, "account_type", path, ["checking", "savings"] as const, errors);
  const address = validateAddress(raw.address, `${path}.address`, errors, { requireStreetNumber: scheme === "wire" });
  if (Object.keys(errors.fields).length > before) return null;
  return {
    account_owner_name: owner as string,
    account_number: accountNumber as string,
    routing_number: routing as string,
    bank_name: bankName as string,
    account_type: accountType as "checking" | "savings",
    payout_scheme: scheme as "ach" | "wire",
    address: address as NonNullable<typeof address>,
  };
}

const PURPOSES = ["intra_group_transfer", "invoice_for_goods_and_services"] as const;
const CATEGORIES = ["client", "parent_company", "subsidiary", "supplier"] as const;

export function validateSwiftBankAccount(raw: unknown, path: string, errors: FieldErrors): SwiftBankAccountDetails | null {
  if (!requireObject(raw, path, errors, "is required when type is SWIFT_BANK_ACCOUNT")) return null;
  const before = Object.keys(errors.fields).length;
  const owner = requiredString(raw, "account_owner_name", path, errors, { max: 256 });
  const ownerType = requiredEnum(raw, "account_owner_type", path, ["individual", "business"] as const, errors);
  const country = requiredString(raw, "account_country", path, errors);
  if (country !== null && !isAlpha3Country(country)) errors.add(`${path}.account_country`, "must be an ISO 3166-1 alpha-3 country code");
  const ibanRaw = requiredString(raw, "iban", path, errors);
  const iban = ibanRaw === null ? null : normalizeIban(ibanRaw);
  if (iban !== null && !isValidIban(iban)) errors.add(`${path}.iban`, "is not a valid IBAN (format or mod-97 checksum)");
  const bicRaw = optionalString(raw, "bic", path, errors);
  const bic = bicRaw === null ? null : bicRaw.toUpperCase();
  if (bic !== null && !isValidBic(bic)) errors.add(`${path}.bic`, "is not a valid BIC (8 or 11 characters: bank, ISO country, location, branch)");
  const bankName = optionalString(raw, "bank_name", path, errors, { max: 256 });
  let firstName: string | null = null;
  let lastName: string | null = null;
  let businessName: string | null = null;
  if (ownerType === "individual") {
    firstName = requiredString(raw, "first_name", path, errors);
    lastName = requiredString(raw, "last_name", path, errors);
  } else if (ownerType === "business") {
    businessName = requiredString(raw, "business_name", path, errors);
  }
  const category = requiredEnum(raw, "category", path, CATEGORIES, errors);
  const purposes = raw.purpose_of_funds;
  if (purposes === undefined || purposes === null) errors.add(`${path}.purpose_of_funds`, "is required");
  else if (!Array.isArray(purposes) || purposes.length === 0) errors.add(`${path}.purpose_of_funds`, "must be a non-empty array");
  else {
    purposes.forEach((p, i) => {
      if (typeof p !== "string" || !(PURPOSES as readonly string[]).includes(p)) {
        errors.add(`${path}.purpose_of_funds[${i}]`, `must be one of ${PURPOSES.join(", ")}`);
      }
    });
  }
  const description = requiredString(raw, "short_business_description", path, errors);
  const address = validateAddress(raw.address, `${path}.address`, errors);
  const bankAddress = validateAddress(raw.bank_address, `${path}.bank_address`, errors);
  if (Object.keys(errors.fields).length > before) return null;
  return {
    account_owner_name: owner as string,
    account_owner_type: ownerType as "individual" | "business",
    first_name: firstName,
    last_name: lastName,
    business_name: businessName,
    short_business_description: description as string,
    category: category as SwiftBankAccountDetails["category"],
    account_country: country as string,
    bank_name: bankName,
    bic,
    iban: iban as string,
    purpose_of_funds: [...new Set(purposes as string[])],
    address: address as NonNullable<typeof address>,
    bank_address: bankAddress as NonNullable<typeof bankAddress>,
  };
}

/**
 * Validates a recipient (POST /v1/recipients body, or a transfer's inline destination with the
 * customer from on_behalf_of). Returns the record to store, or null with errors filled in.
 */
export function validateRecipient(body: JsonObject, s: CoreSlice, errors: FieldErrors, prefix = "", customerIdOverride?: unknown): RecipientInput | null {
  const p = (k: string): string => (prefix ? `${prefix}.${k}` : k);
  const type = body.type;
  if (type === undefined || type === null || type === "") {
    errors.add(p("type"), "is required");
    return null;
  }
  if (typeof type !== "string" || !(RECIPIENT_TYPES as readonly string[]).includes(type)) {
    errors.add(p("type"), `must be one of ${RECIPIENT_TYPES.join(", ")}`);
    return null;
  }
  const rtype = type as RecipientType;
  const detailKey = rtype.toLowerCase() as (typeof DETAIL_KEYS)[number];
  for (const k of DETAIL_KEYS) {
    if (k !== detailKey && body[k] !== undefined && body[k] !== null) errors.add(p(k), `must not be sent when type is ${rtype}`);
  }

  const rawCustomer = customerIdOverride !== undefined ? customerIdOverride : body.customer_id;
  const customerPath = customerIdOverride !== undefined ? "on_behalf_of.customer_id" : p("customer_id");
  const needsCustomer = rtype === "US_BANK_ACCOUNT" || rtype === "SWIFT_BANK_ACCOUNT";
  let customerId: string | null = null;
  if (rawCustomer === undefined || rawCustomer === null || rawCustomer === "") {
    if (needsCustomer) errors.add(customerPath, `is required when type is ${rtype}`);
  } else if (!isUuid(rawCustomer)) errors.add(customerPath, "must be a UUID");
  else {
    const customer = s.customers.find((c) => c.id === rawCustomer);
    if (!customer) errors.add(customerPath, "customer not found");
    else if (needsCustomer && customer.kyc_tier !== 2) errors.add(customerPath, "customer must have completed tier 2 verification");
    else if (needsCustomer && !customer.banking_partner_id)
      errors.add(customerPath, "customer has no banking-partner id; complete the banking-partner onboarding first");
    else customerId = customer.id;
  }

  const out: RecipientInput = {
    type: rtype,
    customer_id: customerId,
    first_name: null,
    last_name: null,
    bank_account: null,
    crypto_address: null,
    us_bank_account: null,
    swift_bank_account: null,
  };
  switch (rtype) {
    case "BANK_ACCOUNT": {
      out.bank_account = validateBankAccount(body.bank_account, p("bank_account"), errors);
      if (out.bank_account) Object.assign(out, splitName(out.bank_account.account_name));
      break;
    }
    case "CRYPTO_ADDRESS":
      out.crypto_address = validateCryptoAddress(body.crypto_address, p("crypto_address"), errors);
      break;
    case "US_BANK_ACCOUNT": {
      out.us_bank_account = validateUsBankAccount(body.us_bank_account, p("us_bank_account"), errors);
      if (out.us_bank_account) Object.assign(out, splitName(out.us_bank_account.account_owner_name));
      break;
    }
    case "SWIFT_BANK_ACCOUNT": {
      out.swift_bank_account = validateSwiftBankAccount(body.swift_bank_account, p("swift_bank_account"), errors);
      if (out.swift_bank_account) {
        out.first_name = out.swift_bank_account.first_name;
        out.last_name = out.swift_bank_account.last_name;
      }
      break;
    }
  }
  return errors.empty ? out : null;
}
